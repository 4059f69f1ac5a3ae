package acceptance_test

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/cmd/ah/cli/output"
	"github.com/espectacular/ah/core/schema"
	"github.com/espectacular/ah/schemas"
)

// envelopeSchemas maps an envelope_kind to the schema of its output: the
// printers' registry (cmd/ah/cli/output/kind.go).
var envelopeSchemas = func() map[string]string {
	m := map[string]string{}
	for _, k := range output.Kinds() {
		m[k], _ = output.Schema(k)
	}
	return m
}()

// TestGoldenJSONMatchesSchema validates every golden envelope (a want*.json
// archive file with an envelope_kind) in every script against the schema of
// its envelope_kind, and error envelopes (data null or an error key) against
// schemas/error-output.schema.json as well, so a golden cannot drift from the
// published schemas even when its script forgets the jsonschema line. Every
// envelope schema must have validated at least one golden: each JSON form is
// pinned by a golden somewhere.
func TestGoldenJSONMatchesSchema(t *testing.T) {
	used := map[string]int{}
	err := filepath.WalkDir("testdata", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "fixtures" {
			return fs.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".txtar") {
			return nil
		}
		ar, err := txtar.ParseFile(path)
		if err != nil {
			return err
		}
		for _, f := range ar.Files {
			name := filepath.Base(f.Name)
			if !strings.HasPrefix(name, "want") || !strings.HasSuffix(name, ".json") {
				continue
			}
			for _, s := range checkEnvelope(t, path+": "+f.Name, f.Data) {
				used[s]++
			}
		}
		return nil
	})
	require.NoError(t, err)
	for _, s := range slices.Sorted(maps.Values(envelopeSchemas)) {
		if used[s] == 0 {
			t.Errorf("no golden envelope under testdata is validated against %s: add a want*.json for its JSON form", s)
		}
	}
}

// checkEnvelope validates data against the schemas of its envelope and
// returns their names; data that is not an envelope (no envelope_kind)
// returns none. Every golden JSON must at least parse: an empty golden was
// never filled in.
func checkEnvelope(t *testing.T, where string, data []byte) []string {
	t.Helper()
	var v any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		t.Errorf("%s: not valid JSON: %v", where, err)
		return nil
	}
	env, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	rawKind, isEnvelope := env["envelope_kind"]
	if !isEnvelope {
		return nil
	}
	kind, _ := rawKind.(string)
	name, known := envelopeSchemas[kind]
	if !known {
		t.Errorf("%s: envelope_kind %v has no schema: add schemas/<kind>-output.schema.json and list its Kind in cmd/ah/cli/output/kind.go", where, rawKind)
		return nil
	}
	names := []string{name}
	_, hasError := env["error"]
	if (env["data"] == nil || hasError) && name != schemas.ErrorOutput {
		names = append(names, schemas.ErrorOutput)
	}
	for _, n := range names {
		validate(t, where, n, v)
	}
	return names
}

// validate reports the problems of v against the schema name.
func validate(t *testing.T, where, name string, v any) {
	t.Helper()
	problems, err := schema.Validate(name, v)
	require.NoError(t, err)
	if len(problems) > 0 {
		// The summarised problems can be terse for oneOf branches; the
		// validator's own tree names the failing keyword and location.
		s, err := schema.Get(name)
		require.NoError(t, err)
		t.Errorf("%s does not match %s: %v\n%#v", where, name, problems, s.Validate(v))
	}
}

// TestEnvelopeSchemasRejectDrift proves the envelope schemas are strict:
// a valid envelope of each kind passes, and the same envelope with an unknown
// key, a wrong kind or a success/error mix fails.
func TestEnvelopeSchemasRejectDrift(t *testing.T) {
	meta := map[string]any{"tx": nil, "request_id": nil}
	envelope := func(kind string, ok bool, data any) map[string]any {
		return map[string]any{
			"ok": ok, "envelope_version": "0.1", "cli_version": "0.1.0", "envelope_kind": kind,
			"data": data, "warnings": []any{}, "hints": []any{}, "meta": meta,
		}
	}
	failed := func(kind string) map[string]any {
		e := envelope(kind, false, nil)
		e["error"] = map[string]any{"code": json.Number("2"), "message": "unknown flag --bogus"}
		return e
	}
	with := func(e map[string]any, k string, v any) map[string]any {
		c := maps.Clone(e)
		c[k] = v
		return c
	}
	topic := map[string]any{
		"topic": "no-toml", "summary": "A scenario has no contract file", "when": "always",
		"do": []any{"run ah scenario new"}, "human_approval": false, "related_topics": []any{"workflow"},
	}
	archetype := map[string]any{"code": "PF", "name": "Pure Functional", "summary": "pure", "since": "0.0.9"}
	valid := map[string]map[string]any{
		schemas.ExplainOutput: envelope("explain", true, topic),
		schemas.TypeOutput:    envelope("type", true, with(archetype, "body_markdown", "## PF — Pure Functional\n")),
		schemas.VersionOutput: envelope("version", true, map[string]any{"name": "ah", "version": "0.1.0", "module_version": "(devel)", "revision": nil, "revision_time": nil, "dirty": nil, "go_version": "go1.26.4"}),
		schemas.ErrorOutput:   failed("error"),
	}
	for _, name := range slices.Sorted(maps.Keys(valid)) {
		t.Run(name, func(t *testing.T) {
			good := valid[name]
			requireProblems(t, name, good, false)
			requireProblems(t, name, with(good, "extra", true), true)
			requireProblems(t, name, with(good, "envelope_kind", "frobnicate"), true)
			requireProblems(t, name, with(good, "ok", !good["ok"].(bool)), true)
			if name != schemas.ErrorOutput {
				// A command's own schema accepts its error form, but not
				// an error beside data.
				requireProblems(t, name, failed(good["envelope_kind"].(string)), false)
				requireProblems(t, name, with(good, "error", failed("error")["error"]), true)
				requireProblems(t, schemas.ErrorOutput, good, true)
			}
		})
	}
	t.Run("list forms", func(t *testing.T) {
		list := envelope("explain", true, map[string]any{"topics": []any{map[string]any{"topic": "no-toml", "summary": "s"}}})
		requireProblems(t, schemas.ExplainOutput, list, false)
		requireProblems(t, schemas.ExplainOutput, envelope("explain", true, map[string]any{"topics": []any{topic}}), true)
		types := envelope("type", true, map[string]any{"archetypes": []any{archetype}})
		requireProblems(t, schemas.TypeOutput, types, false)
		// body_markdown belongs to the one-archetype form only.
		requireProblems(t, schemas.TypeOutput, envelope("type", true, archetype), true)
	})
}

func requireProblems(t *testing.T, name string, v any, want bool) {
	t.Helper()
	problems, err := schema.Validate(name, v)
	require.NoError(t, err)
	if want {
		require.NotEmpty(t, problems, "%s accepts %v", name, v)
	} else {
		require.Empty(t, problems, "%s rejects %v", name, v)
	}
}
