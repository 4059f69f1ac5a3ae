package ports

import "io/fs"

// Batcher is an optional capability of a Reporter: running the bindings of
// several contracts that share one runner in a single invocation, and
// giving each binding its verdict from the per-test report (issue 12). The
// core asks a Reporter for it with a type assertion; a driver without it
// runs one invocation per binding.
//
// A batch works in three steps:
//
//  1. Select turns each binding's flags into a Selection. A binding whose
//     flags are more than test selectors (options, environment-dependent
//     arguments, patterns the attribution cannot evaluate exactly) is not
//     batchable and runs alone.
//  2. BatchArgv builds one argv from the runner's command and the
//     selections of one group, in binding order; it must run at least the
//     selected tests (a superset is fine: attribution sorts them out).
//  3. Matches says whether a reported test case is one a selection selects,
//     with the framework's own matching rules, so a binding passes when
//     every case matching its selection passed and at least one did.
type Batcher interface {
	// Select reads a binding's flags (already split into words); ok is
	// false when they are not only test selectors.
	Select(flags []string) (sel Selector, ok bool)
	// BatchArgv is the argv that runs every selection at once after the
	// runner's command prefix; ok is false when they cannot be combined.
	BatchArgv(command []string, sels []Selector) (argv []string, ok bool)
	// Matches reports whether a reported test case is selected by sel.
	Matches(sel Selector, tc TestCase) bool
}

// Selector is what one binding's flags select, in the driver's own terms.
type Selector struct {
	// Group partitions selections: only selections of one group share a
	// batch (go: one package and one number of -run levels).
	Group string
	// Terms are the driver's selectors (go: the -run pattern; pytest: node
	// ids; vitest: the name pattern, then file filters).
	Terms []string
}

// Auditor is an optional capability of a Batcher whose framework can list
// the tests that exist without running any (go test -list): the core runs
// AuditArgv before the batch and hands its stdout to Audit with the
// batch's report, so a result for a name the framework never announced,
// or a selected test with no result, makes the batch inconsistent
// (issue 23), whatever the tests printed.
type Auditor interface {
	// AuditArgv is the command listing the tests the batch can report,
	// after the runner's command prefix.
	AuditArgv(command []string, sels []Selector) []string
	// Audit reads the listing (ok false: it cannot be read) and returns
	// the selections resolved for Matches against this report (go: each
	// package pattern resolved to its import path) and the anomalies
	// found in the report against the listing.
	Audit(listing []byte, sels []Selector, rep TestReport) (resolved []Selector, anomalies []string, ok bool)
}

// SourceLister is an optional capability of an Auditor whose listing can
// be read from the test files instead of built and run (issue 29: go test
// -list links every test binary, as many links as the batch's own). The
// core runs SourceArgv, hands its stdout to SourceListing with the
// repository's files, and gives the result to Audit; when either declines
// or the command fails, AuditArgv lists as before.
type SourceLister interface {
	// SourceArgv is the command naming the batch's test files (go: go
	// list); ok is false when the runner's flags may choose files in a way
	// the driver does not mirror.
	SourceArgv(command []string, sels []Selector) (argv []string, ok bool)
	// SourceListing reads the named files from repo, the repository rooted
	// at the absolute directory root, and returns a listing for Audit; ok
	// is false when a file is outside repo, unreadable or unparsable.
	SourceListing(stdout []byte, root string, repo fs.FS) (listing []byte, ok bool)
}

// Scoper is an optional capability of a Batcher whose ReportStream is a
// Watcher: Within says whether every test sel can select belongs to part,
// so that once the framework announces part ended, sel's tests have all
// been reported (go: sel's package, once Audit resolved it to its import
// path). A selection that spans parts, or is not resolved, is within
// none, and its binding is shown when the batch ends, unless the Scoper
// is a Splitter.
type Scoper interface {
	Within(sel Selector, part string) bool
}

// Splitter is an optional capability of a Scoper whose selection is the
// union of what its terms select (pytest: node ids), so a binding naming
// tests in two modules is within no part that ends before the run does.
// Split returns the pieces (each a selection on its own, together
// selecting what sel selects): the core shows the binding once each piece
// is within a part that ended, with the tests of those parts that sel
// selects.
type Splitter interface {
	Split(sel Selector) []Selector
}

// Corroborator is an optional capability of a Batcher whose framework
// reports a selected subtest in a way a test can forge: go test's framing
// for a subtest comes from the test binary's own stdout, byte-identical
// whether the testing package or a test printed it, and no listing names
// subtests before they run (issue 36). The core corroborates every run
// that would pass a binding of a subtest, batched or alone: it runs
// CorroborateArgv, the same tests with the bound subtests skipped, and a
// result still reported for one of them was printed by a test, so that
// binding is no-tests-ran. Nothing is run when no binding names a
// subtest.
type Corroborator interface {
	// CorroborateArgv is the argv of the corroboration of argv, a run of
	// sels: the same run with every subtest the selections bind skipped;
	// ok is false when no selection binds a subtest.
	CorroborateArgv(argv []string, sels []Selector) (out []string, ok bool)
	// Forged reads the corroboration's report: for each selection, the
	// id of a result reported there for a subtest it binds (the framework
	// skipped it, so a test printed it), "" when there is none.
	Forged(sels []Selector, rep TestReport) []string
}

// RunSelector is an optional capability of a Batcher: what the flags of
// a run that cannot batch (options beside its selectors, several
// packages) select, so that run alone still passes only on a test its
// flags select, its selected skips fail it, and a Corroborator
// corroborates it (issue 36: go's `-run '^TestA$/^gone$' -count=1`
// passed on the parent alone). ok is false when the flags select
// everything, or in a way the driver does not mirror.
type RunSelector interface {
	RunSelection(flags []string) (sel Selector, ok bool)
}
