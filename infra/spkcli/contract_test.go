package spkcli_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/infra/execproc"
	"github.com/espectacular/ah/infra/spkcli"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

// scriptedSpk answers from files next to it: VERB-<path with / as _>.json
// or VERB.json, exiting with the matching .exit file's number.
const scriptedSpk = `#!/bin/sh
verb=$1
[ "$verb" = --version ] && verb=version
d=$(dirname "$0")
key=$(printf '%s' "$2" | tr / _)
base="$d/$verb"
[ -f "$base-$key.json" ] && base="$base-$key"
[ -f "$base.json" ] || { echo "no such file: $2" >&2; exit 2; }
cat "$base.json"
[ -f "$base.exit" ] && exit "$(cat "$base.exit")"
exit 0
`

// TestSpkContract runs the port's contract against the real driver and
// process runner over a scripted spk program, written to a temporary file
// and renamed into place before it runs (exec-after-write: ETXTBSY).
func TestSpkContract(t *testing.T) {
	portstest.RunSpkContract(t, func(t *testing.T, s portstest.SpkScript) ports.Spk {
		dir := t.TempDir()
		program := filepath.Join(dir, "spk")
		if !s.Unavailable {
			write := func(name string, v any, exit int) {
				data, err := json.Marshal(map[string]any{"ok": exit == 0, "envelope_kind": "ok", "data": v, "warnings": []any{}, "hints": []any{}, "meta": map[string]any{}})
				require.NoError(t, err)
				require.NoError(t, os.WriteFile(filepath.Join(dir, name+".json"), data, 0o644))
				if exit != 0 {
					require.NoError(t, os.WriteFile(filepath.Join(dir, name+".exit"), []byte("1"), 0o644))
				}
			}
			key := strings.ReplaceAll(s.Path, "/", "_")
			write("version", map[string]any{"name": "specodelic", "version": s.Version}, 0)
			issues := []map[string]string{}
			for _, i := range s.Issues {
				issues = append(issues, map[string]string{"rule_id": i.RuleID, "file": i.File, "message": i.Message})
			}
			write("lint-"+key, map[string]any{"files_linted": 1, "issues": issues}, len(issues))
			props := []map[string]any{}
			for _, p := range s.Properties {
				props = append(props, map[string]any{"id": p.ID, "kind": p.Kind, "cells": p.Cells})
			}
			write("parse-"+key, map[string]any{"properties": props, "constraints": []any{}}, 0)
			tmp := filepath.Join(dir, ".spk.tmp")
			require.NoError(t, os.WriteFile(tmp, []byte(scriptedSpk), 0o755))
			require.NoError(t, os.Rename(tmp, program))
		}
		return spkcli.New(&execproc.Process{}, []string{program}, dir)
	})
}
