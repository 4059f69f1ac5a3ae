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
	// arrived, was cut short or contradicted itself; the verdict is the
	// exit status's (or a failure under --strict), never a proof by
	// named tests.
	EvidenceReportMissing = "report-missing"
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
