package output_test

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/cmd/ah/cli/output"
	"github.com/espectacular/ah/core/report"
)

// TestTextEvidence: passes on results replayed from a test cache are
// counted in a note (issue 36); --verbose lists each execution's tests,
// escaped, bounded with a count (issue 23), and names its evidence.
func TestTextEvidence(t *testing.T) {
	execs := []report.Execution{
		{Bindings: []string{"c/a tests.pytest[0]"}, Verdict: "passed", Evidence: report.EvidenceTests, TestCount: 3,
			Tests: []report.TestRun{{ID: "t.py::a", Outcome: "passed"}, {ID: "t.py::\x1b[2Jb", Outcome: "skipped"}}},
		{Bindings: []string{"c/b tests.go[0]", "c/d tests.go[0]"}, Verdict: "passed", Evidence: report.EvidenceCache, TestCount: 1,
			Tests: []report.TestRun{{ID: "m.TestB", Outcome: "passed"}}},
		{Bindings: []string{"c/e tests.pytest[0]"}, Verdict: "no_tests_ran", Evidence: report.EvidenceReportMissing},
		{Bindings: []string{"c/c tests.shell[0]"}, Verdict: "passed", Evidence: report.EvidenceExitCode},
	}
	r := report.Report{Executions: &execs}
	for _, verbose := range []bool{false, true} {
		var buf bytes.Buffer
		require.NoError(t, output.NewText(&buf, output.Options{Verbose: verbose}).Print(r))
		out := buf.String()
		assert.Contains(t, out, "note: 2 bindings passed on results the framework replayed from its test cache, not on runs in this check (ah check --strict runs them afresh; ah explain cache)\n")
		assert.NotContains(t, out, ": warning")
		if !verbose {
			assert.NotContains(t, out, "evidence tests")
			continue
		}
		assert.Contains(t, out, "c/a tests.pytest[0]: passed, evidence tests, 3 tests\n    passed  t.py::a\n    skipped t.py::\\x1b[2Jb\n    ... and 1 more\n")
		assert.Contains(t, out, "c/c tests.shell[0]: passed, evidence exit-code\n")
		assert.Contains(t, out, "c/b tests.go[0], c/d tests.go[0]: passed, evidence cache, 1 test\n    passed  m.TestB\n")
	}
}
