package execution

import (
	"strings"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/ports"
)

// Bounds of test.failed_tests: the framework's own failure lines are what
// a reader needs (issue 8), but a run failing hundreds of tests must not
// grow a finding without limit.
const (
	MaxFailedTests   = 10
	MaxFailedMessage = 2048
)

// failedTests lists the failing test cases of a report, in report order,
// each with its failure text bounded to MaxFailedMessage.
func failedTests(rep ports.TestReport) []finding.FailedTest {
	var out []finding.FailedTest
	for _, t := range rep.Tests {
		if t.Status != ports.TestFailed {
			continue
		}
		if len(out) == MaxFailedTests {
			break
		}
		out = append(out, finding.FailedTest{Name: t.ID, Message: headBytes(strings.TrimSpace(t.Message), MaxFailedMessage)})
	}
	return out
}

// headBytes keeps the first n bytes of s, ending on a UTF-8 boundary: the
// head of a failure says what failed.
func headBytes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "")
}
