package output_test

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/cmd/ah/cli/output"
	"github.com/espectacular/ah/core/coverage"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/report"
)

// TestCoverageHTMLEvidence: the page shows, per binding, the tests that
// decided it with their outcomes, or that an exit status alone did
// (issue 23: evidence per scenario in the HTML report).
func TestCoverageHTMLEvidence(t *testing.T) {
	unit := func(id string) report.Unit {
		return report.Unit{Capability: "gate", Scenario: finding.ScenarioRef{ID: id, Title: id},
			Status: report.UnitPassed, ContractPath: ".espectacular/gate/" + id + ".toml",
			Bindings: []report.Binding{{Ref: "gate/" + id + " tests.pytest[0]", Verdict: "passed"}}}
	}
	named, shell := unit("named"), unit("shell")
	m := coverage.Matrix{Scenarios: []coverage.Entry{
		{Unit: named, State: coverage.Proven, Executions: []report.Execution{{
			Bindings: []string{named.Bindings[0].Ref}, Command: "pytest tests/test_a.py",
			Evidence: report.EvidenceTests, TestCount: 3,
			Tests: []report.TestRun{{ID: "tests/test_a.py::test_a", Outcome: "passed"}, {ID: "tests/test_a.py::test_b", Outcome: "skipped"}},
		}}},
		{Unit: shell, State: coverage.Proven, Executions: []report.Execution{{
			Bindings: []string{shell.Bindings[0].Ref}, Command: "make test", Evidence: report.EvidenceExitCode,
		}}},
	}}
	var buf bytes.Buffer
	require.NoError(t, output.CoverageHTML(&buf, m, "0.0.0", false))
	page := buf.String()
	assert.Contains(t, page, "passed: tests/test_a.py::test_a")
	assert.Contains(t, page, "skipped: tests/test_a.py::test_b")
	assert.Contains(t, page, "... and 1 more")
	assert.Contains(t, page, "no test names: exit-code")
}
