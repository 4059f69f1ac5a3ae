package execution

import (
	"slices"

	"github.com/espectacular/ah/ports"
)

// strictAdvice is the fix for a binding --strict does not accept.
const strictAdvice = "make its flags select the test that proves this scenario, with an anchored pattern"

// provesSelected reports whether a passing adapter run shows, in its
// structured report, a test its flags select that ran and passed (ah
// check --strict, issue 12). Without a report there is no proof. A driver
// that batches knows which tests a binding's flags select (a go run of
// `-run '^TestA$/^x$'` also reports its parent TestA, which passes when no
// subtest x exists); for the others any passed test counts, as the
// flags were the framework's whole selection, and a report that judged
// the run passed has one (reportVerdict).
func (a frameworkRunner) provesSelected(j Job, rep *ports.TestReport) bool {
	if rep == nil {
		return false
	}
	b, ok := a.driver.(ports.Batcher)
	if !ok || j.Invocation.Flags == nil {
		return true
	}
	sel, ok := b.Select(slices.Clone(j.Invocation.Flags))
	if !ok {
		return true
	}
	return slices.ContainsFunc(rep.Tests, func(tc ports.TestCase) bool {
		return tc.Status == ports.TestPassed && b.Matches(sel, tc)
	})
}
