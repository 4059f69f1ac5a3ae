package cli_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// noLoader refuses every document: a schema compiled with it must hold
// all it refers to.
type noLoader struct{}

func (noLoader) Load(url string) (any, error) {
	return nil, errors.New("no loader: " + url + " is another document")
}

// compileAlone compiles one tool's outputSchema by itself, as a client's
// validator does: no other document is reachable.
func compileAlone(t *testing.T, name string, s any) *jsonschema.Schema {
	t.Helper()
	b, err := json.Marshal(s)
	require.NoError(t, err)
	assert.NotContains(t, string(b), `.schema.json#`, "%s refers to another file", name)
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(string(b)))
	require.NoError(t, err)
	c := jsonschema.NewCompiler()
	c.UseLoader(noLoader{})
	url := "mem:///" + name + ".json"
	require.NoError(t, c.AddResource(url, doc))
	sch, err := c.Compile(url)
	require.NoError(t, err, "%s's outputSchema compiles alone", name)
	return sch
}

// TestMCPOutputSchemasAlone: every tool's outputSchema compiles by itself
// (its definitions bundled, no other document's $id), each tool's real
// result validates against it, and content carries the whole result as
// JSON after a one-line summary (issue 38).
func TestMCPOutputSchemasAlone(t *testing.T) {
	root := mcpRepo(t)
	cs := mcpSession(t, root)
	list, err := cs.ListTools(context.Background(), nil)
	require.NoError(t, err)
	compiled := map[string]*jsonschema.Schema{}
	for _, tool := range list.Tools {
		require.NotNil(t, tool.OutputSchema, tool.Name)
		compiled[tool.Name] = compileAlone(t, tool.Name, tool.OutputSchema)
	}
	calls := []struct {
		tool string
		args map[string]any
	}{
		{"ah_check", map[string]any{"run_tests": true, "all_tests": true}},
		{"ah_next", map[string]any{"run_tests": true, "all_tests": true}},
		{"ah_explain", map[string]any{"topic": "no-toml"}},
		{"ah_explain", nil},
		{"ah_report", nil},
		{"ah_doctor", nil},
		{"ah_doctor_enable", map[string]any{"capability": "pytest", "dry_run": true}},
		{"ah_contract_new", map[string]any{"capability": "c", "scenario_ids": []string{"missing"}, "dry_run": true}},
		{"ah_contract_move", map[string]any{"capability": "c", "from": "gone", "to": "missing", "dry_run": true}},
		{"ah_scenario_new", map[string]any{"change": "add-x", "capability": "c", "heading": "New one", "requirement": "R", "create": true, "dry_run": true}},
		{"ah_check", map[string]any{"units": []string{"nope"}}},   // an error envelope
		{"ah_verify", map[string]any{"snapshot": "missing.json"}}, // refused: an error envelope
	}
	called := map[string]bool{}
	for _, c := range calls {
		res := callTool(t, cs, c.tool, c.args)
		called[c.tool] = true
		got := structured(t, res)
		require.NotNil(t, got, c.tool)
		assert.NoError(t, compiled[c.tool].Validate(got), "%s %v: the result fits its outputSchema", c.tool, c.args)
		require.GreaterOrEqual(t, len(res.Content), 2, c.tool)
		first, ok := res.Content[0].(*mcp.TextContent)
		require.True(t, ok)
		assert.NotEmpty(t, first.Text)
		second, ok := res.Content[1].(*mcp.TextContent)
		require.True(t, ok, "%s: the second block is the result's JSON", c.tool)
		var fromText any
		require.NoError(t, json.Unmarshal([]byte(second.Text), &fromText), c.tool)
		assert.Equal(t, got, fromText, "%s: content carries the structured content whole", c.tool)
	}
	for _, tool := range list.Tools {
		assert.True(t, called[tool.Name], "%s is called", tool.Name)
	}
}
