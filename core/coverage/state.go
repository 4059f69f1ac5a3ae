package coverage

import (
	"slices"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/report"
)

// Scenario states: what ah report can honestly say of one scenario. Only
// Proven is a pass, and only a test run proves: without --run-tests a
// valid contract is NotRun, never proven.
const (
	// Proven: its tests ran and passed (ah report --run-tests), here or,
	// carried (ah report --carry), on an evidence snapshot's tree.
	Proven = "proven"
	// Failing: its tests ran and did not pass, or its contract is broken.
	Failing = "failing"
	// NoTests: its contract declares no test yet (an unbound stub of
	// ah init or ah contract new).
	NoTests = "no_tests"
	// Missing: it has no contract.
	Missing = "missing"
	// Waived: its contract carries a waiver; counted apart, never a pass.
	Waived = "waived"
	// OutOfScope: config's [scope] leaves it out; counted, never a pass.
	OutOfScope = "out_of_scope"
	// NotRun: its contract is valid but its tests were not run (no
	// --run-tests, or the run was interrupted or stopped early).
	NotRun = "not_run"
)

// States lists every state in the order reports print them.
func States() []string {
	return []string{Proven, Failing, NoTests, Missing, Waived, OutOfScope, NotRun}
}

// Label is a state as text and HTML name it.
func Label(state string) string {
	switch state {
	case NoTests:
		return "no tests yet"
	case Missing:
		return "missing contract"
	case OutOfScope:
		return "out of scope"
	case NotRun:
		return "not run"
	}
	return state
}

// Blocks reports whether a scenario in state fails ah report's gate:
// missing, without tests, or failing. Not run, waived and out of scope
// are reported but do not fail it.
func Blocks(state string) bool { return state == Failing || state == NoTests || state == Missing }

// Unit statuses another stage may set for scenarios it keeps out of the
// gate; spelled here so the matrix needs no change when they land.
const (
	unitWaived     = "waived"
	unitOutOfScope = "out_of_scope"
)

// stateOf decides one unit's state from its status and its findings.
func stateOf(u report.Unit, fs []finding.Finding) string {
	has := func(kinds ...finding.Kind) bool {
		return slices.ContainsFunc(fs, func(f finding.Finding) bool { return slices.Contains(kinds, f.Kind) })
	}
	switch {
	case u.Status == unitOutOfScope:
		return OutOfScope
	case u.Status == unitWaived:
		return Waived
	case has(finding.NoTOML, finding.EmptyScenarioID):
		return Missing
	}
	switch u.Status {
	case report.UnitPassed, report.UnitCarried:
		// A carried pass was proven by a run on the snapshot's tree that
		// no change since can affect (issue 41); its proof says so.
		return Proven
	case report.UnitValid, report.UnitNotRun:
		return NotRun
	}
	// An empty test set with no other blocking finding is a stub waiting
	// for its tests, not a failure of anything.
	if has(finding.NoTestsDeclared) && !slices.ContainsFunc(fs, func(f finding.Finding) bool {
		return f.Blocking() && f.Kind != finding.NoTestsDeclared
	}) {
		return NoTests
	}
	return Failing
}
