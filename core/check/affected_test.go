package check_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/check"
	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/core/report"
	"github.com/espectacular/ah/core/selection"
	"github.com/espectacular/ah/ports/portstest"
)

// TestRunSelection: the changed files narrow execution only. Skipped
// contracts are valid units without bindings; structural findings still
// cover the whole scope; a fallback runs everything.
func TestRunSelection(t *testing.T) {
	files := map[string]string{
		".espectacular/config.toml":        "tool_version = \"0.1.0\"\n[selection.paths]\nalpha = [\"src/alpha/**\"]\n",
		"openspec/specs/alpha/spec.md":     "# alpha\n\n#### Scenario: A works\n- THEN ok\n",
		"openspec/specs/beta/spec.md":      "# beta\n\n#### Scenario: B works\n- THEN ok\n\n#### Scenario: B lacks a contract\n- THEN ok\n",
		".espectacular/alpha/a-works.toml": contractTOML("a-works", "[[tests.shell]]", `command = "echo alpha"`),
		".espectacular/beta/b-works.toml":  contractTOML("b-works", "[[tests.shell]]", `command = "echo beta"`),
	}
	tests := []struct {
		name     string
		changes  selection.Diff
		ran      []string
		statuses []string
		fallback string
	}{
		{
			name:     "a source glob widens and never narrows: shell tests have no graph",
			changes:  selection.Diff{Source: selection.Files, Files: []string{"src/alpha/x.go"}},
			ran:      []string{"echo alpha", "echo beta"},
			statuses: []string{report.UnitPassed, report.UnitPassed, report.UnitInvalid},
			fallback: "nothing accounts for the changed file src/alpha/x.go",
		},
		{
			name:     "a spec change selects its capability",
			changes:  selection.Diff{Source: selection.Range, Files: []string{"openspec/specs/beta/spec.md"}},
			ran:      []string{"echo beta"},
			statuses: []string{report.UnitValid, report.UnitPassed, report.UnitInvalid},
		},
		{
			name:     "an unaccounted file runs everything",
			changes:  selection.Diff{Source: selection.Worktree, Files: []string{"Makefile"}},
			ran:      []string{"echo alpha", "echo beta"},
			statuses: []string{report.UnitPassed, report.UnitPassed, report.UnitInvalid},
			fallback: "nothing accounts for the changed file Makefile",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			proc := &portstest.Process{}
			ch := tt.changes
			rep, err := check.Run(t.Context(), mapFS(files), parseConfig(t, files), check.Options{
				Env: execution.Env{Process: proc, Dir: "/repo"}, Exec: &check.Exec{Jobs: 1}, Diff: &ch,
			})
			require.NoError(t, err)
			var ran []string
			for _, argv := range proc.Argvs() {
				ran = append(ran, argv[len(argv)-1])
			}
			assert.Equal(t, tt.ran, ran)
			var statuses []string
			for _, u := range rep.Units {
				statuses = append(statuses, u.Status)
			}
			assert.Equal(t, tt.statuses, statuses, "units alpha/a-works, beta/b-works, beta/b-lacks-a-contract")
			require.NotNil(t, rep.Selection)
			assert.Equal(t, tt.changes.Source, rep.Selection.Source)
			assert.True(t, strings.HasPrefix(rep.Selection.Fallback, tt.fallback), "fallback %q", rep.Selection.Fallback)
			assert.Equal(t, 1, rep.Summary.Structural, "the missing contract is reported whatever runs")
			assert.Equal(t, len(tt.ran), rep.Summary.Passed)
			assert.False(t, rep.Failed() && rep.Summary.Execution > 0, "a skipped contract never fails")
		})
	}

	t.Run("no selection without changes", func(t *testing.T) {
		rep, err := check.Run(t.Context(), mapFS(files), parseConfig(t, files), check.Options{Env: execution.Env{Process: &portstest.Process{}, Dir: "/repo"}, Exec: &check.Exec{}})
		require.NoError(t, err)
		assert.Nil(t, rep.Selection)
	})
}
