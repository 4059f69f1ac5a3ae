package execution

import (
	"fmt"
	"time"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/ports"
)

// overTime is the reported time of a member's matched tests (a subtest
// counted within its parent, see reportedTime) and says whether they exceed its own timeout (0 bounds nothing). The batch
// ran under the largest bound of its members (C-batch-timeout); each
// member's own bound is checked here, so a ninth binding does not switch
// its liveness bound off (issue 23).
func overTime(timeout time.Duration, matched []ports.TestCase) (time.Duration, bool) {
	took := reportedTime(matched)
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

// timeoutSetting names a timed-out batch's bound and the setting that
// gave it (issue 36): the first member whose bound it is, by its
// timeout_seconds or, when it sets none, [execution]
// default_timeout_seconds; the batch runs under the largest bound of its
// members (C-batch-timeout).
func timeoutSetting(jobs []Job, members []int, timeout time.Duration) string {
	for _, m := range members {
		j := jobs[m]
		if j.Invocation.Timeout != timeout || len(j.Owners) == 0 {
			continue
		}
		b := j.Owners[0]
		if b.Entry.TimeoutSeconds > 0 {
			return fmt.Sprintf("%s, the timeout_seconds of tests.%s[%d] in %s and the largest bound of its bindings",
				seconds(timeout), b.Entry.Type, b.Entry.Index, b.ContractPath)
		}
		return fmt.Sprintf("%s, [execution] default_timeout_seconds in .espectacular/config.toml, the bound of its bindings that set no timeout_seconds", seconds(timeout))
	}
	return seconds(timeout)
}

// ranBefore says how far a timed-out batch had got: how many of its tests
// had reported a result and how long they had run between them.
func ranBefore(partial *ports.TestReport) string {
	if partial == nil || len(partial.Tests) == 0 {
		return "no test had reported a result yet (still building or collecting?)"
	}
	took, _ := overTime(0, partial.Tests)
	n := fmt.Sprintf("%d tests", len(partial.Tests))
	if len(partial.Tests) == 1 {
		n = "1 test"
	}
	return fmt.Sprintf("by then %s had reported, having run %.1fs between them", n, took.Seconds())
}
