package pytest

import (
	"bytes"
	"encoding/json"
	"regexp"
	"time"

	"github.com/espectacular/ah/drivers/headtail"
	"github.com/espectacular/ah/ports"
)

// MaxMessage bounds TestCase.Message and ReportError.Message, in bytes. The
// plugin already bounds each phase's text to about 4 KiB.
const MaxMessage = 8192

// ReportError kinds produced by Parse.
const (
	KindImport     = "import"
	KindFixture    = "fixture"
	KindCollection = "collection"
)

// Test types returned by Classify, the `test.type` context of a finding.
const (
	TypeImportError     = "pytest-import-error"
	TypeFixtureError    = "pytest-fixture-error"
	TypeCollectionError = "pytest-collection-error"
)

// record is one line of the plugin's report; unknown fields are ignored.
type record struct {
	Type     string `json:"type"`
	NodeID   string `json:"nodeid"`
	When     string `json:"when"`
	Outcome  string `json:"outcome"`
	Longrepr string `json:"longrepr"`
	// Duration is the phase's run time in seconds.
	Duration float64 `json:"duration"`
}

type testState struct {
	id       string
	failed   string // longrepr of the first failed phase
	hasFail  bool
	call     string // outcome of the call phase, if reported
	skipText string // reason of a skip (setup or call) or xfail
	calls    int    // call phases reported: more than one is an anomaly
	took     time.Duration
}

var (
	// pytest wraps import failures of a test module in this sentence; the
	// final `E   ModuleNotFoundError: ...` line is a fallback for the text
	// having been cut or reworded.
	importError     = regexp.MustCompile(`(?m)ImportError while importing test module|^E\s+(?:ModuleNotFoundError|ImportError)\b`)
	fixtureNotFound = regexp.MustCompile(`fixture '[^']*' not found`)
)

// Parse reads the JSON-lines report written by the plugin.
//
// Test IDs are pytest node ids (`tests/test_basic.py::TestGroup::test_in_class`,
// `tests/test_basic.py::test_param[1-1-2]`). A test fails when any of its
// phases failed, so a failing setup or teardown fails it too; xfail maps to
// skipped and a non-strict xpass to passed. Errors carry, in report order:
// KindImport for a collection error caused by ImportError or
// ModuleNotFoundError, KindCollection for any other collection error (a
// syntax error, an exception at import time), and KindFixture for a test whose
// setup failed with `fixture 'x' not found` (that test is also reported
// failed). Parsed is false when the report is empty, a line is not valid JSON
// or lacks its final newline (the file was cut), or the session line is
// missing (pytest was killed); Tests and Errors then hold what was read.
func Parse(report []byte) ports.TestReport {
	var (
		out     = ports.TestReport{}
		tests   []*testState
		byID    = map[string]*testState{}
		session bool
		broken  bool
	)
	for line := range bytes.Lines(report) {
		if !bytes.HasSuffix(line, []byte("\n")) {
			broken = true // the writer always ends a record with a newline
			break
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		var r record
		if err := json.Unmarshal(line, &r); err != nil {
			broken = true
			break
		}
		switch r.Type {
		case "session":
			session = true
		case "collect":
			if r.Outcome == "failed" {
				out.Errors = append(out.Errors, collectError(r))
			}
		case "test":
			t, ok := byID[r.NodeID]
			if !ok {
				t = &testState{id: r.NodeID}
				byID[r.NodeID] = t
				tests = append(tests, t)
			}
			t.add(r)
			if r.When == "call" {
				if t.calls++; t.calls == 2 {
					// A test has one call phase: a second is a rewritten
					// or forged report, not a result.
					out.Anomalies = append(out.Anomalies, "a second result for "+r.NodeID)
				}
			}
			if r.When == "setup" && r.Outcome == "failed" && fixtureNotFound.MatchString(r.Longrepr) {
				out.Errors = append(out.Errors, ports.ReportError{
					Kind: KindFixture, Location: r.NodeID, Message: headtail.Clip(r.Longrepr, MaxMessage),
				})
			}
		}
	}
	for _, t := range tests {
		out.Tests = append(out.Tests, t.result())
	}
	out.Parsed = session && !broken
	return out
}

func collectError(r record) ports.ReportError {
	kind := KindCollection
	if importError.MatchString(r.Longrepr) {
		kind = KindImport
	}
	return ports.ReportError{Kind: kind, Location: r.NodeID, Message: headtail.Clip(r.Longrepr, MaxMessage)}
}

func (t *testState) add(r record) {
	t.took += time.Duration(r.Duration * float64(time.Second))
	switch {
	case r.Outcome == "failed":
		if !t.hasFail {
			t.hasFail, t.failed = true, r.Longrepr
		}
	case r.When == "call":
		t.call = r.Outcome
		if r.Outcome == "skipped" {
			t.skipText = r.Longrepr
		}
	case r.Outcome == "skipped":
		t.skipText = r.Longrepr
	}
}

func (t *testState) result() ports.TestCase {
	switch {
	case t.hasFail:
		return ports.TestCase{ID: t.id, Status: ports.TestFailed, Message: headtail.Clip(t.failed, MaxMessage), Duration: t.took}
	case t.call == "passed":
		return ports.TestCase{ID: t.id, Status: ports.TestPassed, Duration: t.took}
	default:
		// Skipped at setup or in the body, or xfailed; a test whose only
		// record is a skip never ran.
		return ports.TestCase{ID: t.id, Status: ports.TestSkipped, Message: headtail.Clip(t.skipText, MaxMessage), Duration: t.took}
	}
}

// Classify returns the `test.type` of a pytest run with errors: the first of
// TypeImportError, TypeFixtureError and TypeCollectionError (in that order of
// precedence) whose kind appears in report.Errors, or "" when none does.
func Classify(report ports.TestReport) string {
	has := map[string]bool{}
	for _, e := range report.Errors {
		has[e.Kind] = true
	}
	switch {
	case has[KindImport]:
		return TypeImportError
	case has[KindFixture]:
		return TypeFixtureError
	case has[KindCollection]:
		return TypeCollectionError
	}
	return ""
}
