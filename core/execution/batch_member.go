package execution

import (
	"fmt"
	"time"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/ports"
)

// overTime sums the reported durations of a member's matched tests and
// says whether they exceed its own timeout (0 bounds nothing). The batch
// ran under the largest bound of its members (C-batch-timeout); each
// member's own bound is checked here, so a ninth binding does not switch
// its liveness bound off (issue 23).
func overTime(timeout time.Duration, matched []ports.TestCase) (time.Duration, bool) {
	var took time.Duration
	for _, tc := range matched {
		took += tc.Duration
	}
	return took, timeout > 0 && took > timeout
}

// batchTimedOut turns a member's finding into the timeout a run of its
// own would have reported: test-failing with timed_out and the figure.
func batchTimedOut(f *finding.Finding, b Binding, id string, timeout, took time.Duration) {
	f.Test.TimedOut = true
	f.Test.ExitCode = nil
	f.Test.FailedTests = nil
	f.Message = fmt.Sprintf("tests.%s[%d] of %s timed out in batched invocation %s: its matched tests took %.1fs, more than its timeout_seconds (%s); raise timeout_seconds or make the test faster",
		b.Entry.Type, b.Entry.Index, b.ContractPath, id, took.Seconds(), seconds(timeout))
}

// batchSkipped turns a member's finding into the failure of a binding
// that matched a skipped, todo or xfail test next to passing ones: a skip
// proves nothing, so the binding is not passed, and the message names the
// skipped tests (ah explain batch-skipped).
func batchSkipped(f *finding.Finding, b Binding, id string, sub ports.TestReport) {
	f.Message = fmt.Sprintf("tests.%s[%d] of %s matched skipped tests in batched invocation %s: %s; %s",
		b.Entry.Type, b.Entry.Index, b.ContractPath, id, skippedSummary(sub), skipAdvice)
}

// skipAdvice is the fix for a binding that matched a skipped test.
const skipAdvice = "a skipped, todo or xfail test proves nothing: make the test run, or narrow the flags to the tests that prove this scenario"

// skippedSummary names the skipped tests of a report, a few of them.
func skippedSummary(rep ports.TestReport) string {
	var ids []string
	for _, tc := range rep.Tests {
		if tc.Status == ports.TestSkipped {
			ids = append(ids, tc.ID)
		}
	}
	return fmt.Sprintf("%d skipped (%s)", len(ids), named(ids))
}
