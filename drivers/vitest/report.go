package vitest

import (
	"time"

	"github.com/espectacular/ah/ports"
)

// MaxMessage bounds TestCase.Message and ReportError.Message, in bytes.
const MaxMessage = 4096

// KindCollection is the ReportError kind for a test file that failed as a
// whole, for example because one of its imports could not be resolved.
const KindCollection = "collection"

// millis is a reported duration in milliseconds; zero when none.
func millis(ms *float64) time.Duration {
	if ms == nil || *ms < 0 {
		return 0
	}
	return time.Duration(*ms * float64(time.Millisecond))
}

func status(s string) ports.TestStatus {
	switch s {
	case "passed":
		return ports.TestPassed
	case "failed":
		return ports.TestFailed
	default:
		// skipped, pending, todo, disabled, and any future status: none of
		// them proves that the test ran.
		return ports.TestSkipped
	}
}
