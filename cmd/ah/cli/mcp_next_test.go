package cli_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/schema"
	"github.com/espectacular/ah/schemas"
)

// nextStep is the part of an ah_next step these tests read.
type nextStep struct {
	Kind        string   `json:"kind"`
	Unit        string   `json:"unit"`
	Command     []string `json:"command"`
	Verify      []string `json:"verify"`
	MayEdit     []string `json:"may_edit"`
	MustNotEdit []string `json:"must_not_edit"`
	Guidance    string   `json:"guidance"`
	Scenario    *struct {
		Title        string `json:"title"`
		BodyMarkdown string `json:"body_markdown"`
	} `json:"scenario"`
	Test *struct {
		StderrTail string `json:"stderr_tail"`
	} `json:"test"`
	Tool       *toolCall `json:"tool"`
	VerifyTool *toolCall `json:"verify_tool"`
}

type toolCall struct {
	Name      string         `json:"name"`
	Arguments map[string]any `json:"arguments"`
}

func nextSteps(t *testing.T, cs *mcp.ClientSession, args map[string]any) map[string]nextStep {
	t.Helper()
	res := callTool(t, cs, "ah_next", args)
	require.False(t, res.IsError, textOf(res))
	problems, err := schema.Validate(schemas.NextOutput, structured(t, res))
	require.NoError(t, err)
	require.Empty(t, problems)
	var out struct {
		Steps []nextStep `json:"steps"`
	}
	b, _ := json.Marshal(res.StructuredContent)
	require.NoError(t, json.Unmarshal(b, &out))
	steps := map[string]nextStep{}
	for _, s := range out.Steps {
		steps[s.Kind] = s
	}
	return steps
}

// TestMCPNextGuidesTheAgent: ah_next's steps are right when followed
// literally (issue 38): a failing test's step carries the failure text
// and lets the agent edit the code under test but never the scenario or
// the contract; a contract with no test says the test must prove that
// scenario and quotes it; each ah command comes with its tool call.
func TestMCPNextGuidesTheAgent(t *testing.T) {
	root := writeRepo(t, map[string]string{
		".espectacular/config.toml":     "tool_version = \"0.1.0\"\n",
		"openspec/specs/c/spec.md":      "# c\n\n### Requirement: R\n\n#### Scenario: It fails\n\n- **THEN** two and two make four\n\n#### Scenario: Unbound\n\n- **THEN** the sum of no numbers is zero\n\n#### Scenario: Missing\n\nno contract\n",
		".espectacular/c/it-fails.toml": strings.ReplaceAll(strings.Replace(mcpContract, "%q", `"it-fails"`, 1), "%q", `"echo 'expected 4, got 5' >&2; exit 1"`),
		".espectacular/c/unbound.toml":  "id = \"unbound\"\ndescription = \"\"\narchetype = \"PF\"\nstatus = \"active\"\nauthored_with = \"0.1.0\"\n",
	})
	cs := mcpSession(t, root)
	steps := nextSteps(t, cs, map[string]any{"run_tests": true, "all_tests": true, "limit": 10})

	f := steps["test-failing"]
	require.NotNil(t, f.Test, "the failure text comes with the step")
	assert.Contains(t, f.Test.StderrTail, "expected 4, got 5")
	assert.Equal(t, []string{"**"}, f.MayEdit, "the code under test")
	assert.Equal(t, []string{"openspec/specs/c/spec.md", ".espectacular/c/it-fails.toml"}, f.MustNotEdit)
	assert.Contains(t, f.Guidance, "Never edit the scenario or its contract")
	assert.Nil(t, f.Tool, "the test's own argv has no tool")
	assert.Equal(t, &toolCall{Name: "ah_check", Arguments: map[string]any{"run_tests": true, "all_tests": true, "units": []any{"c/it-fails"}}}, f.VerifyTool)

	u := steps["no-tests-declared"]
	require.NotNil(t, u.Scenario)
	assert.Equal(t, "Unbound", u.Scenario.Title)
	assert.Contains(t, u.Scenario.BodyMarkdown, "the sum of no numbers is zero")
	assert.Contains(t, u.Guidance, `the test that proves scenario "Unbound"`)
	assert.Contains(t, u.Guidance, "never bind an unrelated passing test")
	assert.Equal(t, []string{".espectacular/c/unbound.toml", "**"}, u.MayEdit)
	assert.Equal(t, []string{"openspec/specs/c/spec.md"}, u.MustNotEdit)

	m := steps["no-toml"]
	assert.Equal(t, &toolCall{Name: "ah_contract_new", Arguments: map[string]any{"capability": "c", "scenario_ids": []any{"missing"}}}, m.Tool)
	require.NotNil(t, m.Scenario)
	assert.Equal(t, "Missing", m.Scenario.Title)
}

// TestMCPDoctorEnable: `ah doctor --enable`, the apply_command of a
// detected but unconfigured adapter, is a tool: its dry run shows the
// exact config, the real call writes it, as the CLI would (issue 38).
func TestMCPDoctorEnable(t *testing.T) {
	root := writeRepo(t, map[string]string{
		".espectacular/config.toml": "tool_version = \"0.1.0\"\n",
		"openspec/specs/c/spec.md":  "# c\n\n### Requirement: R\n\n#### Scenario: S\n\nbody\n",
		"go.mod":                    "module example.com/m\n\ngo 1.22\n",
		"m_test.go":                 "package m\n\nimport \"testing\"\n\nfunc TestS(t *testing.T) {}\n",
	})
	config := filepath.Join(root, ".espectacular", "config.toml")
	before, err := os.ReadFile(config)
	require.NoError(t, err)
	cs := mcpSession(t, root)
	dry := callTool(t, cs, "ah_doctor_enable", map[string]any{"capability": "go", "dry_run": true})
	require.False(t, dry.IsError, textOf(dry))
	after, err := os.ReadFile(config)
	require.NoError(t, err)
	assert.Equal(t, string(before), string(after), "a dry run writes nothing")
	var shown string
	for _, c := range dry.Content {
		if r, ok := c.(*mcp.EmbeddedResource); ok && r.Resource.URI == "file:.espectacular/config.toml" {
			shown = r.Resource.Text
		}
	}
	require.Contains(t, shown, "[runners.go]")

	real := callTool(t, cs, "ah_doctor_enable", map[string]any{"capability": "go"})
	require.False(t, real.IsError, textOf(real))
	after, err = os.ReadFile(config)
	require.NoError(t, err)
	assert.Equal(t, shown, string(after), "the dry run showed the exact bytes")
	problems, err := schema.Validate(schemas.DoctorOutput, structured(t, real))
	require.NoError(t, err)
	assert.Empty(t, problems)

	bad := callTool(t, cs, "ah_doctor_enable", map[string]any{"capability": "cobol"})
	assert.True(t, bad.IsError)
	assert.Contains(t, summaryOf(bad), "cobol")
}
