package cli_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNamesStayOneLine: a name ah scenario new or ah contract new (or
// their MCP tools) writes into Markdown or TOML is refused, with the
// reason and nothing written, when it holds a line break or anything else
// that changes the text around it (issue 38: a requirement with a newline
// wrote a REMOVED section; a heading with one wrote two scenarios).
func TestNamesStayOneLine(t *testing.T) {
	for _, tc := range []struct {
		name, heading, requirement, want string
	}{
		{"requirement injects a REMOVED section", "New one", "R\n## REMOVED Requirements\n### Requirement: R", `requirement "R\n## REMOVED Requirements\n### Requirement: R" holds a line break (U+000A)`},
		{"heading injects a second scenario", "One\n#### Scenario: Two", "R", `scenario heading "One\n#### Scenario: Two" holds a line break`},
		{"carriage return", "One\rTwo", "R", "holds a line break (U+000D)"},
		{"line separator", "One\u2028Two", "R", "holds a line break (U+2028)"},
		{"control character", "One\x1bTwo", "R", "holds the control character U+001B"},
		{"closing hashes", "Login ##", "R", `would read back as "Login"`},
		{"requirement closing hashes", "Login", "R #", `would read back as "R"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := mcpRepo(t)
			code, _, stderr := runEnv(t, false, nil, "-C", root, "scenario", "new", "--create", "--requirement", tc.requirement, "add-x", "c", tc.heading)
			assert.Equal(t, 2, code)
			assert.Contains(t, stderr, tc.want)
			assert.NoDirExists(t, filepath.Join(root, "openspec", "changes", "add-x"), "nothing written")

			cs := mcpSession(t, root)
			res := callTool(t, cs, "ah_scenario_new", map[string]any{"change": "add-x", "capability": "c", "heading": tc.heading, "requirement": tc.requirement, "create": true})
			assert.True(t, res.IsError)
			assert.Contains(t, summaryOf(res), tc.want)
			assert.NoDirExists(t, filepath.Join(root, "openspec", "changes", "add-x"))
		})
	}
	t.Run("change and capability", func(t *testing.T) {
		root := mcpRepo(t)
		code, _, stderr := runEnv(t, false, nil, "-C", root, "scenario", "new", "--create", "--requirement", "R", "add\nx", "c", "New one")
		assert.Equal(t, 2, code)
		assert.Contains(t, stderr, `change id "add\nx" holds a line break`)
		code, _, stderr = runEnv(t, false, nil, "-C", root, "scenario", "new", "--create", "--requirement", "R", "add-x", "c\n## REMOVED", "New one")
		assert.Equal(t, 2, code)
		assert.Contains(t, stderr, `capability "c\n## REMOVED" holds a line break`)
		entries, err := os.ReadDir(filepath.Join(root, "openspec"))
		require.NoError(t, err)
		assert.Len(t, entries, 1, "only specs/")
	})
	t.Run("contract new", func(t *testing.T) {
		root := mcpRepo(t)
		code, _, stderr := runEnv(t, false, nil, "-C", root, "contract", "new", "c", "missing\nx")
		assert.Equal(t, 2, code)
		assert.Contains(t, stderr, `scenario argument "missing\nx" holds a line break`)
		cs := mcpSession(t, root)
		res := callTool(t, cs, "ah_contract_new", map[string]any{"capability": "c\r", "scenario_ids": []string{"missing"}})
		assert.True(t, res.IsError)
		assert.Contains(t, summaryOf(res), `holds a line break (U+000D)`)
		assert.NoFileExists(t, filepath.Join(root, ".espectacular", "c", "missing.toml"))
	})
}
