package vitest

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"time"

	"github.com/espectacular/ah/drivers/headtail"
	"github.com/espectacular/ah/ports"
)

// MaxMessage bounds TestCase.Message and ReportError.Message, in bytes.
const MaxMessage = 4096

// KindCollection is the ReportError kind for a test file that failed as a
// whole, for example because one of its imports could not be resolved.
const KindCollection = "collection"

type report struct {
	TestResults *[]fileResult `json:"testResults"`
}

type fileResult struct {
	Name             string            `json:"name"`
	Status           string            `json:"status"`
	Message          string            `json:"message"`
	AssertionResults []assertionResult `json:"assertionResults"`
}

type assertionResult struct {
	AncestorTitles  []string `json:"ancestorTitles"`
	Title           string   `json:"title"`
	FullName        string   `json:"fullName"`
	Status          string   `json:"status"`
	FailureMessages []string `json:"failureMessages"`
	// Duration is the test's run time in milliseconds (null when skipped).
	Duration *float64 `json:"duration"`
}

// Parse reads a vitest JSON report and returns its tests and file errors.
//
// rootDir is the directory vitest ran in; the report names files by absolute
// path, and test IDs use the path relative to rootDir (slash-separated; kept
// absolute when the file is outside rootDir): `<file> > <fullName>`, where
// fullName joins the describe titles and the test title with spaces. Statuses
// skipped, pending, todo and disabled all map to skipped; note that vitest
// also reports tests filtered out by `-t` as skipped. A file that failed
// with a message of its own (an import error, a syntax error, a failing
// hook) yields a ReportError of KindCollection. "No test files found" gives a
// report with no tests. Parsed is false when the bytes are not a complete
// JSON document with a testResults array, such as a file cut mid-way.
func Parse(data []byte, rootDir string) ports.TestReport {
	var r report
	if err := json.Unmarshal(data, &r); err != nil || r.TestResults == nil {
		return ports.TestReport{}
	}
	out := ports.TestReport{Parsed: true}
	for _, file := range *r.TestResults {
		rel := relative(file.Name, rootDir)
		for _, a := range file.AssertionResults {
			out.Tests = append(out.Tests, ports.TestCase{
				ID:       rel + " > " + fullName(a),
				Status:   status(a.Status),
				Message:  headtail.Clip(strings.Join(a.FailureMessages, "\n"), MaxMessage),
				Duration: millis(a.Duration),
			})
		}
		if file.Status == "failed" && file.Message != "" {
			out.Errors = append(out.Errors, ports.ReportError{
				Kind:     KindCollection,
				Location: rel,
				Message:  headtail.Clip(file.Message, MaxMessage),
			})
		}
	}
	return out
}

// millis is a reported duration in milliseconds; zero when none.
func millis(ms *float64) time.Duration {
	if ms == nil || *ms < 0 {
		return 0
	}
	return time.Duration(*ms * float64(time.Millisecond))
}

func fullName(a assertionResult) string {
	if a.FullName != "" {
		return a.FullName
	}
	return strings.Join(append(append([]string{}, a.AncestorTitles...), a.Title), " ")
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

func relative(name, rootDir string) string {
	name = filepath.ToSlash(name)
	root := strings.TrimSuffix(filepath.ToSlash(rootDir), "/")
	if root != "" {
		if rel, ok := strings.CutPrefix(name, root+"/"); ok {
			return rel
		}
	}
	return name
}
