package report

// Verdict names of an execution and of each binding it ran
// (Execution.Verdict, Binding.Verdict). The engine (core/execution)
// decides them; everything that reads a report compares these names.
const (
	VerdictPassed   = "passed"
	VerdictFailed   = "failed"
	VerdictTimedOut = "timed_out"
	VerdictNotRun   = "not_run"
)
