package ports

// Batcher is an optional capability of a Reporter: running the bindings of
// several contracts that share one runner in a single invocation, and
// giving each binding its verdict from the per-test report. The batching
// feature asks a Reporter for it with a type assertion; a driver without it
// runs one invocation per binding, as today. No bundled driver implements
// it yet.
//
// A batch works in three steps:
//
//  1. Selectors turns each binding's flags into test selectors. A binding
//     whose flags are more than selectors (options, environment-dependent
//     arguments) is not batchable and runs alone.
//  2. BatchArgv builds one argv from the runner's command and the union of
//     the selectors, in binding order; it must run exactly those tests.
//  3. Matches assigns each reported TestCase to the selectors it answers, so
//     a binding passes when every case matching its selectors passed and at
//     least one ran.
type Batcher interface {
	// Selectors returns the test selectors a binding's flags (already split
	// into words) name, and ok = false when the flags are not only
	// selectors (for pytest: node ids and paths, not -k or -x).
	Selectors(flags []string) (selectors []string, ok bool)
	// BatchArgv is the argv that runs every selector at once after the
	// runner's command prefix.
	BatchArgv(command []string, selectors []string) []string
	// Matches reports whether a reported test case is selected by
	// selector.
	Matches(selector string, tc TestCase) bool
}
