package ports

import "time"

// TestStatus is the outcome of one test case as a framework reported it.
type TestStatus string

// Test case outcomes reported by structured test output.
const (
	TestPassed  TestStatus = "passed"
	TestFailed  TestStatus = "failed"
	TestSkipped TestStatus = "skipped"
)

// TestCase is one test as a framework's structured output names it.
type TestCase struct {
	// ID is the framework's full identity of the test (pytest node id,
	// go package + test name, cargo path, vitest file + full name).
	ID      string
	Status  TestStatus
	Message string
	// Duration is the test's own run time as the framework reported it;
	// zero when it reported none. A batched binding's timeout_seconds is
	// checked against the sum over its matched tests.
	Duration time.Duration
	// Selectors are the selection terms the framework itself found
	// selecting this test, for a driver that has the framework evaluate
	// them in its own dialect (vitest: -t patterns under JavaScript's
	// RegExp); nil when the driver evaluates selections in Go.
	Selectors []string
	// Path is the framework's identity as its parts, when ID, a display
	// string, could be ambiguous (go: the import path, then the test name
	// as go test reports it; vitest: the test file, then the describe
	// titles and the test title); nil when ID alone is the identity.
	// Drivers match selections against Path, never against a flattened ID.
	Path []string
	// Repeat tells apart tests whose Path is equal (two `it('dup')` in one
	// vitest file, legal there): the n-th such test in definition order
	// has Repeat n-1. Tests of equal Path and Repeat are one test.
	Repeat int
	// Cached is true when the framework replayed this result from its
	// cache instead of running the test (go test's "(cached)"): it did
	// not run in this check (issue 36).
	Cached bool
}

// ReportError is a problem the framework reported outside any test case:
// a collection error, a build failure, an import error.
type ReportError struct {
	// Kind classifies the error: "import", "fixture", "collection", "build".
	Kind     string
	Location string
	Message  string
}

// Kinds of ReportError the core treats specially.
const (
	// KindUsage is an invocation the framework rejected before running any
	// test: an unknown flag, a node id or file not found. The Message is
	// the framework's own line saying so.
	KindUsage = "usage"
	// KindBuild is code that did not compile (or vet) before tests could
	// run; Location is the first position the compiler names.
	KindBuild = "build"
)

// TestReport is the structured result a driver parses from a framework's
// output. Parsed is false when the output could not be understood, in which
// case only the exit code is trustworthy.
type TestReport struct {
	Parsed bool
	Tests  []TestCase
	Errors []ReportError
	// Anomalies are what the driver saw in the framework's output that a
	// whole, honest report cannot contain: a second terminal event for a
	// test, a pass after a fail, a result for a test never started, a test
	// that never finished. The core fails closed on any of them (a batch
	// falls back to per-binding runs; --strict fails an unbatched run),
	// naming the first. Drivers keep the first result of a test as final.
	Anomalies []string
	// Unrunnable are results for names the command line cannot run (go:
	// a benchmark without -bench, a name -run cannot select or -skip
	// skips): something other than the framework printed them, so they
	// are never evidence, and each is also an anomaly. A Corroborator
	// reads them.
	Unrunnable []TestCase
}
