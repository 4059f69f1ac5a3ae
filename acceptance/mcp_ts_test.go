package acceptance_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// copyAh copies this test binary into dir as `ah`: testscript.Main runs
// it as cli.Main under that name, the same as cmd/ah/main.go.
func copyAh(t *testing.T, dir string) string {
	t.Helper()
	exe, err := os.Executable()
	require.NoError(t, err)
	data, err := os.ReadFile(exe)
	require.NoError(t, err)
	p := filepath.Join(dir, "ah")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	require.NoError(t, os.WriteFile(p, data, 0o755))
	return p
}

// tsRepo has, in capability c, a passing test, a failing one, a scenario
// without a contract and a contract without a test; in capability slow, a
// test that writes its pid and sleeps a minute.
func tsRepo(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	contract := func(id, command string) string {
		s := fmt.Sprintf("id = %q\ndescription = \"\"\narchetype = \"PF\"\nstatus = \"active\"\nauthored_with = \"0.1.0\"\n", id)
		if command != "" {
			s += fmt.Sprintf("\n[[tests.shell]]\ncommand = %q\n", command)
		}
		return s
	}
	for name, content := range map[string]string{
		".espectacular/config.toml":      "tool_version = \"0.1.0\"\n",
		"openspec/specs/c/spec.md":       "# c\n\n### Requirement: R\n\n#### Scenario: It works\n\n- **THEN** it works\n\n#### Scenario: It fails\n\n- **THEN** two and two make four\n\n#### Scenario: Missing\n\n- **THEN** there is no contract yet\n\n#### Scenario: Unbound\n\n- **THEN** no test is bound\n",
		"openspec/specs/slow/spec.md":    "# slow\n\n### Requirement: S\n\n#### Scenario: Sleeps\n\n- **THEN** the test sleeps\n",
		".espectacular/c/it-works.toml":  contract("it-works", "true"),
		".espectacular/c/it-fails.toml":  contract("it-fails", "echo 'expected 4, got 5' >&2; exit 1"),
		".espectacular/c/unbound.toml":   contract("unbound", ""),
		".espectacular/slow/sleeps.toml": contract("sleeps", "sleep 60 & echo $! > sleep.pid; wait"),
	} {
		p := filepath.Join(root, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	}
	return root
}

// tsCall is what client.mjs saw of one tool call.
type tsCall struct {
	IsError                 bool           `json:"isError"`
	Summary                 string         `json:"summary"`
	Blocks                  []string       `json:"blocks"`
	ContentEqualsStructured bool           `json:"contentEqualsStructured"`
	Valid                   any            `json:"valid"`
	Valid2020               any            `json:"valid2020"`
	Content                 map[string]any `json:"content"`
	Meta                    map[string]any `json:"meta"`
}

// TestMCPWithTypeScriptSDK drives `ah mcp` with the official TypeScript
// SDK's client (issue 38): started outside the repository with the
// repository as a root, it lists the tools, compiles each outputSchema
// alone with the SDK's own validator and a draft 2020-12 one, calls
// every tool and reads the findings from content alone, survives a
// malformed line and cancels a call, which gets no result.
func TestMCPWithTypeScriptSDK(t *testing.T) {
	fixture := needFixture(t, "mcp-ts-client")
	repo := tsRepo(t)
	outside := t.TempDir()
	ah := copyAh(t, t.TempDir())
	cmd := exec.Command("node", filepath.Join(fixture, "client.mjs"), ah, repo, outside)
	cmd.Dir = fixture
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "client.mjs: %s", stderr.String())
	var report struct {
		Tools             []string          `json:"tools"`
		Compiled          map[string]string `json:"compiled"`
		Calls             map[string]tsCall `json:"calls"`
		MalformedReplies  []map[string]any  `json:"malformedReplies"`
		SlowStarted       bool              `json:"slowStarted"`
		Cancel            string            `json:"cancel"`
		CancelSent        bool              `json:"cancelSent"`
		AnswersToCanceled int               `json:"answersToCancelled"`
		SleepPid          int               `json:"sleepPid"`
	}
	require.NoError(t, json.Unmarshal(out, &report), "%s", out)

	assert.Equal(t, []string{"ah_check", "ah_contract_move", "ah_contract_new", "ah_doctor", "ah_doctor_enable", "ah_explain", "ah_next", "ah_report", "ah_scenario_new", "ah_verify"}, report.Tools)
	for _, name := range report.Tools {
		assert.Equal(t, "ok", report.Compiled[name], "%s's outputSchema compiles alone", name)
		c, ok := report.Calls[name]
		require.True(t, ok, "%s is called", name)
		assert.Equal(t, true, c.Valid, "%s: its result fits its schema (the SDK's validator)", name)
		assert.Equal(t, true, c.Valid2020, "%s: and a draft 2020-12 validator", name)
		assert.True(t, c.ContentEqualsStructured, "%s: content carries the whole result", name)
		assert.NotEmpty(t, c.Summary, name)
	}

	// The findings, read from content alone, in the repository of the
	// client's second root.
	check := report.Calls["ah_check"]
	assert.Contains(t, check.Summary, "from the client's root file://"+repo)
	assert.Equal(t, repo, check.Meta["repository"])
	data, _ := check.Content["data"].(map[string]any)
	findings, _ := data["findings"].([]any)
	var kinds []string
	for _, f := range findings {
		kinds = append(kinds, f.(map[string]any)["kind"].(string))
	}
	assert.ElementsMatch(t, []string{"no-toml", "no-tests-declared", "test-failing"}, kinds)
	assert.Contains(t, fmt.Sprint(check.Content), "expected 4, got 5", "the failure text is in content")
	steps, _ := report.Calls["ah_next"].Content["steps"].([]any)
	assert.Len(t, steps, 3)

	assert.Equal(t, []map[string]any{{"id": nil, "code": float64(-32700)}}, report.MalformedReplies, "the malformed line gets a parse error")
	assert.False(t, report.Calls["afterMalformed"].IsError, "and the server serves on")

	assert.True(t, report.SlowStarted, "the slow test ran")
	assert.True(t, report.CancelSent)
	assert.Contains(t, report.Cancel, "rejected")
	assert.Zero(t, report.AnswersToCanceled, "a cancelled call gets no result")
	assert.False(t, report.Calls["afterCancel"].IsError, "the server serves the next call")
	assert.Eventually(t, func() bool { return !processRuns(report.SleepPid) }, 10e9, 20e6, "the cancelled call's test stops")
}
