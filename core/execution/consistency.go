package execution

import (
	"fmt"

	"github.com/espectacular/ah/ports"
)

// Causes of an inconsistent batch, the prefix of its fallback reason in
// JSON (batches[].fallback) and of its batch-fallback findings. ah explain
// batch-inconsistent describes them.
const (
	// CauseAnomaly: the driver saw output no whole report contains (a
	// second terminal event for a test, a pass after a fail, a test that
	// never finished); ports.TestReport.Anomalies names it.
	CauseAnomaly = "inconsistent: "
	// CauseDuplicate: one test has two results in the report.
	CauseDuplicate = "inconsistent: a second result for "
	// CauseExitNonZero: the process failed although every test it
	// reported passed or was skipped (an unhandled error, a crash after
	// the last result, a forged pass).
	CauseExitNonZero = "inconsistent: the process exited with status "
	// CauseExitZero: the process exited 0 although a test failed.
	CauseExitZero = "inconsistent: the process exited 0 although "
	// CauseUnclaimed: a test failed that no binding of the batch selects,
	// so attribution cannot tell whose failure it is.
	CauseUnclaimed = "inconsistent: no binding selects the failed test "
)

// identity is the key of a test in a report: its structured identity
// (ports.TestCase.Path and Repeat) when the driver gives one, so two
// tests whose display names collide stay two results; else its ID.
func identity(tc ports.TestCase) string {
	if tc.Path == nil {
		return tc.ID
	}
	return fmt.Sprintf("%q#%d", tc.Path, tc.Repeat)
}

// inconsistency says why a batch's parsed report disagrees with itself or
// with the process that wrote it; empty when it is consistent. The batch
// then falls back to per-binding runs (seed 004, C-batch-fallback): a
// verdict attributed from evidence that contradicts itself could be a
// pass no test earned (issue 23). claimed reports whether a test case is
// selected by some binding of the batch.
//
// The rules, in the order they are checked:
//   - any anomaly the driver reported;
//   - a test with two results;
//   - a non-zero exit although at least one test passed and none failed;
//   - a zero exit although a test failed;
//   - a failed test that no binding selects.
func inconsistency(rep ports.TestReport, exitCode int, claimed func(ports.TestCase) bool) string {
	if len(rep.Anomalies) > 0 {
		return CauseAnomaly + rep.Anomalies[0]
	}
	seen := map[string]bool{}
	for _, tc := range rep.Tests {
		k := identity(tc)
		if seen[k] {
			return CauseDuplicate + tc.ID
		}
		seen[k] = true
	}
	n := tally(rep)
	firstFailed := ""
	for _, tc := range rep.Tests {
		if tc.Status == ports.TestFailed {
			firstFailed = tc.ID
			break
		}
	}
	switch {
	case exitCode != 0 && firstFailed == "" && n[ports.TestPassed] > 0:
		return fmt.Sprintf("%s%d although every test it reported passed or was skipped", CauseExitNonZero, exitCode)
	case exitCode == 0 && firstFailed != "":
		return CauseExitZero + firstFailed + " failed"
	}
	for _, tc := range rep.Tests {
		if tc.Status == ports.TestFailed && !claimed(tc) {
			return CauseUnclaimed + tc.ID
		}
	}
	return ""
}
