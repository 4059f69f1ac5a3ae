package report

// Batch is one batched invocation: the bindings of several contracts run
// by one framework start, each judged from the per-test report (issue 12).
type Batch struct {
	// ID names the batch in its members' executions ("batch-1").
	ID string
	// TestType and Adapter are the members' test type and adapter.
	TestType string
	Adapter  string
	// Bindings are the refs of every member binding, in plan order.
	Bindings []string
	// Argv is exactly what was executed.
	Argv     []string
	ExitCode *int
	TimedOut bool
	// Fallback is why the batch's verdicts could not be trusted and every
	// member re-ran on its own; empty when attribution decided.
	Fallback   string
	DurationMS *int64
}
