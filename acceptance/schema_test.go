package acceptance_test

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/schema"
	"github.com/espectacular/ah/schemas"
)

// TestGoldenCheckJSONMatchesSchema validates every golden check envelope
// (a want*.json archive file with envelope_kind "check") in every script
// against schemas/check-output.schema.json, so a golden cannot drift from
// the published schema even when its script forgets the jsonschema line.
func TestGoldenCheckJSONMatchesSchema(t *testing.T) {
	validated := 0
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
			if checkEnvelope(t, path+": "+f.Name, f.Data) {
				validated++
			}
		}
		return nil
	})
	require.NoError(t, err)
	require.NotZero(t, validated, "no golden check envelope found under testdata: is the walk broken?")
}

// envelopeSchemas maps an envelope_kind to the schema of its output.
var envelopeSchemas = map[string]string{"check": schemas.CheckOutput, "doctor": schemas.DoctorOutput}

// checkEnvelope validates data against the check output schema when it is a
// check envelope, and reports whether it was one. Every golden JSON must at
// least parse: an empty golden was never filled in.
func checkEnvelope(t *testing.T, where string, data []byte) bool {
	t.Helper()
	var v any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		t.Errorf("%s: not valid JSON: %v", where, err)
		return false
	}
	env, ok := v.(map[string]any)
	kind, _ := env["envelope_kind"].(string)
	name, known := envelopeSchemas[kind]
	if !ok || !known {
		return false
	}
	problems, err := schema.Validate(name, v)
	require.NoError(t, err)
	if len(problems) > 0 {
		// The summarised problems can be terse for oneOf branches; the
		// validator's own tree names the failing keyword and location.
		s, err := schema.Get(name)
		require.NoError(t, err)
		t.Errorf("%s does not match %s: %v\n%#v", where, name, problems, s.Validate(v))
	}
	return true
}
