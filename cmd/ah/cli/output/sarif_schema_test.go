package output_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/cmd/ah/cli/output"
	"github.com/espectacular/ah/core/report"
)

// officialSARIF compiles the SARIF 2.1.0 JSON schema as published by the
// SARIF technical committee (testdata/sarif-2.1.0.json, see
// testdata/SARIF-SCHEMA.md for where it comes from).
func officialSARIF(t *testing.T) *jsonschema.Schema {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "sarif-2.1.0.json"))
	require.NoError(t, err)
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	require.NoError(t, err)
	c := jsonschema.NewCompiler()
	require.NoError(t, c.AddResource("sarif-2.1.0.json", doc))
	s, err := c.Compile("sarif-2.1.0.json")
	require.NoError(t, err)
	return s
}

func decode(t *testing.T, b []byte) any {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	require.NoError(t, err)
	return v
}

// TestSARIFOfficialSchema validates every SARIF document ah writes for the
// shared fixture (with and without --timings, and for a clean report)
// against the official schema, and proves the schema is strict enough to
// notice a stray property.
func TestSARIFOfficialSchema(t *testing.T) {
	s := officialSARIF(t)
	var clean bytes.Buffer
	p, err := output.New("sarif", &clean, output.Options{CLIVersion: "9.9.9"})
	require.NoError(t, err)
	require.NoError(t, p.Print(report.Report{Scope: report.Scope{Deployed: true}}))
	docs := map[string][]byte{
		"fixture":         render(t, "sarif", false),
		"fixture-timings": render(t, "sarif", true),
		"clean":           clean.Bytes(),
	}
	for name, b := range docs {
		assert.NoError(t, s.Validate(decode(t, b)), name)
	}

	var doc map[string]any
	require.NoError(t, json.Unmarshal(render(t, "sarif", false), &doc))
	run := doc["runs"].([]any)[0].(map[string]any)
	run["results"].([]any)[0].(map[string]any)["severity"] = "error"
	bad, err := json.Marshal(doc)
	require.NoError(t, err)
	assert.Error(t, s.Validate(decode(t, bad)), "a result property SARIF does not define must be refused")
}
