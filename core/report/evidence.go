package report

// Evidence kinds: what an execution's verdict rests on (issue 23).
const (
	// EvidenceTests: the framework's structured per-test report, read
	// whole; Execution.Tests lists the tests it names.
	EvidenceTests = "tests"
	// EvidenceExitCode: the runner has no structured output (shell and
	// generic runners): only the exit status speaks.
	EvidenceExitCode = "exit-code"
	// EvidenceEnvelope: a custom runner's JSON envelope on stdout, judged
	// with its exit status; it names no tests.
	EvidenceEnvelope = "envelope"
	// EvidenceReportMissing: an adapter run whose structured report never
	// arrived, was cut short or contradicted itself; it never passes
	// (issue 36): a non-zero exit is test-failing, an exit 0 no-tests-ran.
	EvidenceReportMissing = "report-missing"
	// EvidenceCache: a whole, consistent report some of whose tests the
	// framework replayed from its cache (go test's "(cached)") instead of
	// running them in this check; Execution.Tests lists them. Never
	// counted as proven by named tests; --strict runs afresh (issue 36).
	EvidenceCache = "cache"
)

// MaxEvidenceTests bounds Execution.Tests; TestCount keeps the total.
const MaxEvidenceTests = 200

// TestRun is one test an execution's report names.
type TestRun struct {
	// ID is the framework's id of the test (pytest node id, go
	// package.Test, vitest file > name).
	ID string
	// Outcome is passed, failed or skipped (todo and xfail included).
	Outcome string
	// DurationMS is the test's reported duration, only with --timings
	// (output stays byte-identical otherwise).
	DurationMS *int64
}

// ProvenByTests reports whether a passing execution's verdict rests on
// named tests rather than an exit status alone.
func (e Execution) ProvenByTests() bool { return e.Evidence == EvidenceTests }
