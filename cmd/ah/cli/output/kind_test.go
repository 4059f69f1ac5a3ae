package output_test

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/cmd/ah/cli/output"
	"github.com/espectacular/ah/core/report"
	"github.com/espectacular/ah/schemas"
)

// envelopeKinds reads the envelope_kind names a schema allows (its const
// or enum); nil when it declares none.
func envelopeKinds(t *testing.T, name string) []string {
	t.Helper()
	b, err := fs.ReadFile(schemas.FS, name)
	require.NoError(t, err, "schema %s of an envelope kind", name)
	var doc struct {
		Properties struct {
			EnvelopeKind *struct {
				Const string   `json:"const"`
				Enum  []string `json:"enum"`
			} `json:"envelope_kind"`
		} `json:"properties"`
	}
	require.NoError(t, json.Unmarshal(b, &doc), name)
	k := doc.Properties.EnvelopeKind
	if k == nil {
		return nil
	}
	if k.Const != "" {
		return []string{k.Const}
	}
	return k.Enum
}

// TestKindsWired: every envelope kind, declared once in kind.go, is
// registered with a schema that allows its name, and every name an output
// schema allows is a kind registered with that schema, so a kind cannot
// be printed that no schema documents, nor documented and never printed.
func TestKindsWired(t *testing.T) {
	kinds := output.Kinds()
	require.True(t, slices.IsSorted(kinds))
	for _, k := range kinds {
		s, ok := output.Schema(k)
		require.True(t, ok, k)
		assert.Contains(t, envelopeKinds(t, s), k, "%s does not allow envelope_kind %q", s, k)
	}
	entries, err := fs.ReadDir(schemas.FS, ".")
	require.NoError(t, err)
	for _, e := range entries {
		if e.Name() == schemas.ErrorOutput || !strings.HasSuffix(e.Name(), "-output.schema.json") {
			continue
		}
		for _, k := range envelopeKinds(t, e.Name()) {
			s, ok := output.Schema(k)
			assert.True(t, ok && s == e.Name(), "%s allows envelope_kind %q, which kind.go does not declare with it", e.Name(), k)
		}
	}
	// The check printer writes CheckKind; every other kind prints through
	// Kind.JSON, which writes its own name.
	var buf bytes.Buffer
	require.NoError(t, output.NewJSON(&buf, output.Options{CLIVersion: "0"}).Print(report.Report{}))
	assert.Contains(t, buf.String(), `"envelope_kind": "`+output.CheckKind.Name+`"`)
	buf.Reset()
	require.NoError(t, output.VersionKind.JSON(&buf, output.Options{CLIVersion: "0"}, true).Print(output.VersionData{}))
	assert.Contains(t, buf.String(), `"envelope_kind": "`+output.VersionKind.Name+`"`)
}
