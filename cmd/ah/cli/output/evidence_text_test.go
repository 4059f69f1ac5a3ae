package output_test

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/cmd/ah/cli/output"
	"github.com/espectacular/ah/core/report"
)

// TestTextEvidence: a pass on an exit status alone after a missing report
// always warns; --verbose lists each execution's tests, escaped, bounded
// with a count (issue 23).
func TestTextEvidence(t *testing.T) {
	execs := []report.Execution{
		{Bindings: []string{"c/a tests.pytest[0]"}, Verdict: "passed", Evidence: report.EvidenceTests, TestCount: 3,
			Tests: []report.TestRun{{ID: "t.py::a", Outcome: "passed"}, {ID: "t.py::\x1b[2Jb", Outcome: "skipped"}}},
		{Bindings: []string{"c/b tests.pytest[0]"}, Verdict: "passed", Evidence: report.EvidenceReportMissing},
		{Bindings: []string{"c/c tests.shell[0]"}, Verdict: "passed", Evidence: report.EvidenceExitCode},
	}
	r := report.Report{Executions: &execs}
	for _, verbose := range []bool{false, true} {
		var buf bytes.Buffer
		require.NoError(t, output.NewText(&buf, output.Options{Verbose: verbose}).Print(r))
		out := buf.String()
		assert.Contains(t, out, "c/b tests.pytest[0]: warning: passed on its exit status alone")
		assert.NotContains(t, out, "c/a tests.pytest[0]: warning")
		if !verbose {
			assert.NotContains(t, out, "evidence tests")
			continue
		}
		assert.Contains(t, out, "c/a tests.pytest[0]: passed, evidence tests, 3 tests\n    passed  t.py::a\n    skipped t.py::\\x1b[2Jb\n    ... and 1 more\n")
		assert.Contains(t, out, "c/c tests.shell[0]: passed, evidence exit-code\n")
	}
}
