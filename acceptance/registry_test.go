package acceptance_test

import (
	"encoding/json"
	"io/fs"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/cmd/ah/cli/output"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/playbook"
	"github.com/espectacular/ah/schemas"
)

// TestEveryKindAndActionHasAnExplainTopic keeps playbook_command honest:
// every finding points at `ah explain <kind>`, and every suggested action is
// documented under its own name.
func TestEveryKindAndActionHasAnExplainTopic(t *testing.T) {
	for _, k := range finding.Kinds() {
		_, ok := playbook.Lookup(string(k))
		assert.True(t, ok, "finding kind %q has no `ah explain %s` topic", k, k)
		info, _ := finding.Info(k)
		assert.Contains(t, finding.Actions(), info.Action, "finding kind %q suggests the undocumented action %q", k, info.Action)
	}
	for _, a := range finding.Actions() {
		_, ok := playbook.Lookup(string(a))
		assert.True(t, ok, "suggested action %q has no `ah explain %s` topic", a, a)
	}
}

// TestSchemaEnumsMatchRegistries keeps the published schema in step with
// the code: the kind and action enums of check-output.schema.json list
// exactly finding.Kinds() and finding.Actions().
func TestSchemaEnumsMatchRegistries(t *testing.T) {
	data, err := fs.ReadFile(schemas.FS, schemas.CheckOutput)
	require.NoError(t, err)
	var doc struct {
		Defs struct {
			Kind   struct{ Enum []string } `json:"kind"`
			Action struct{ Enum []string } `json:"action"`
		} `json:"$defs"`
	}
	require.NoError(t, json.Unmarshal(data, &doc))

	kinds := make([]string, 0, len(finding.Kinds()))
	for _, k := range finding.Kinds() {
		kinds = append(kinds, string(k))
	}
	actions := make([]string, 0, len(finding.Actions()))
	for _, a := range finding.Actions() {
		actions = append(actions, string(a))
	}
	assert.Equal(t, kinds, sortedUnique(t, "$defs.kind.enum", doc.Defs.Kind.Enum), "%s $defs.kind.enum != finding.Kinds()", schemas.CheckOutput)
	assert.Equal(t, actions, sortedUnique(t, "$defs.action.enum", doc.Defs.Action.Enum), "%s $defs.action.enum != finding.Actions()", schemas.CheckOutput)
}

// sortedUnique returns a sorted copy of enum, failing on duplicates (which
// sorting would otherwise hide).
func sortedUnique(t *testing.T, name string, enum []string) []string {
	t.Helper()
	out := slices.Sorted(slices.Values(enum))
	if c := slices.Compact(slices.Clone(out)); len(c) != len(out) {
		t.Errorf("%s lists a value twice: %v", name, enum)
	}
	return out
}

// TestReadmeListsEveryFormat keeps the documentation's --format row (the
// flag table of `ah check`, in README.md or a docs/ page) in line with the
// printer registry (STYLE.md rule 36).
func TestReadmeListsEveryFormat(t *testing.T) {
	var row, file string
	for _, name := range docFiles(t) {
		for l := range strings.Lines(readRepoFile(t, name)) {
			if strings.HasPrefix(l, "| `--format NAME` |") {
				require.Empty(t, row, "both %s and %s have a --format row: keep one", file, name)
				row, file = l, name
			}
		}
	}
	require.NotEmpty(t, row, "neither README.md nor a docs/ page has a --format row")
	for _, name := range output.Formats() {
		assert.Contains(t, row, "`"+name+"`", "%s's --format row misses %s", file, name)
	}
}
