package execution

import (
	"fmt"
	"slices"

	"github.com/espectacular/ah/core/finding"

	"github.com/espectacular/ah/ports"
)

// selectAdvice is the fix for a binding whose report shows no selected
// test that ran and passed.
const selectAdvice = "make its flags select the test that proves this scenario, with an anchored pattern"

// provesSelected reports whether a passing adapter run shows, in its
// structured report, a test its flags select that ran and passed (issues
// 12 and 36: every run, with or without --strict). Without a report there is no proof. A driver
// that batches knows which tests a binding's flags select (a go run of
// `-run '^TestA$/^x$'` also reports its parent TestA, which passes when no
// subtest x exists); for the others any passed test counts, as the
// flags were the framework's whole selection, and a report that judged
// the run passed has one (reportVerdict).
func (a frameworkRunner) provesSelected(j Job, rep *ports.TestReport) bool {
	if rep == nil {
		return false
	}
	b, sel, ok := a.selection(j)
	if !ok {
		return true
	}
	return slices.ContainsFunc(rep.Tests, func(tc ports.TestCase) bool {
		return tc.Status == ports.TestPassed && b.Matches(sel, tc)
	})
}

// selection is what a job's flags select, in its driver's terms: its
// batch selection, or, for flags that cannot batch, its run selection
// (ports.RunSelector); ok false when the driver cannot tell, and every
// reported test counts as selected.
func (a frameworkRunner) selection(j Job) (ports.Batcher, ports.Selector, bool) {
	b, ok := a.driver.(ports.Batcher)
	if !ok || j.Invocation.Flags == nil {
		return nil, ports.Selector{}, false
	}
	if sel, ok := b.Select(slices.Clone(j.Invocation.Flags)); ok {
		return b, sel, true
	}
	if r, ok := a.driver.(ports.RunSelector); ok {
		if sel, ok := r.RunSelection(slices.Clone(j.Invocation.Flags)); ok {
			return b, sel, true
		}
	}
	return nil, ports.Selector{}, false
}

// selectedSkips are the skipped tests of a report that the job's flags
// select (all of them when the driver cannot tell): any of them fails the
// binding, batched or not, with or without --strict (issues 23 and 36).
func (a frameworkRunner) selectedSkips(j Job, rep *ports.TestReport) ports.TestReport {
	out := ports.TestReport{Parsed: true}
	if rep == nil {
		return out
	}
	b, sel, ok := a.selection(j)
	for _, tc := range rep.Tests {
		if tc.Status == ports.TestSkipped && (!ok || b.Matches(sel, tc)) {
			out.Tests = append(out.Tests, tc)
		}
	}
	return out
}

// skipFinding is the test-failing finding of a binding that passed but
// selects a skipped, todo or xfail test.
func (a frameworkRunner) skipFinding(j Job, b Binding, o Outcome, skipped ports.TestReport, ms *int64) finding.Finding {
	f := a.finding(j, b, o, Failed, nil, ms)
	f.Message = fmt.Sprintf("tests.%s[%d] of %s passed, but its flags select skipped tests: %s; a pass needs every selected test to run and pass; %s",
		b.Entry.Type, b.Entry.Index, b.ContractPath, skippedSummary(skipped), skipAdvice)
	return f
}
