package execution

import (
	"context"
	"fmt"
	"slices"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/shellword"
	"github.com/espectacular/ah/ports"
)

// corroboration is what the run corroborating a job's subtest bindings
// showed (ports.Corroborator, issue 36).
type corroboration struct {
	// ran is false when no selection binds a subtest: nothing was run.
	ran bool
	// canceled: a cancellation cut the run short, so nothing is known.
	canceled bool
	// broken says why the run's report cannot corroborate anything;
	// forged, one per selection, the id of a result it still reported
	// for a subtest the selection binds.
	broken string
	forged []string
}

// corroborate runs inv again with the subtests sels bind skipped, when
// the driver can and some selection binds one.
func (a frameworkRunner) corroborate(ctx context.Context, env Env, inv Invocation, sels []ports.Selector) corroboration {
	c, ok := a.driver.(ports.Corroborator)
	if !ok || len(sels) == 0 {
		return corroboration{}
	}
	argv, ok := c.CorroborateArgv(slices.Clone(inv.Argv), sels)
	if !ok {
		return corroboration{}
	}
	run := inv
	run.Argv, run.Command = argv, shellword.Quote(argv)
	o := execute(ctx, env, run)
	rep := a.parse(o)
	out := corroboration{ran: true, canceled: o.Result.Canceled}
	switch {
	case o.StartErr != nil:
		out.broken = fmt.Sprintf("could not start: %v", o.StartErr)
	case o.Result.TimedOut:
		out.broken = "timed out after " + seconds(inv.Timeout)
	case o.Result.Signaled:
		out.broken = "was killed by a signal"
	case rep == nil:
		out.broken = "ended before it reported"
	case len(rep.Errors) > 0:
		out.broken = "reported an error outside any test: " + errorText(rep.Errors[0])
	default:
		out.forged = c.Forged(sels, *rep)
	}
	return out
}

// binds reports whether a selection of a run of inv binds a subtest:
// whether the driver would corroborate it alone.
func (a frameworkRunner) binds(inv Invocation, sel ports.Selector) bool {
	c, ok := a.driver.(ports.Corroborator)
	if !ok {
		return false
	}
	_, ok = c.CorroborateArgv(slices.Clone(inv.Argv), []ports.Selector{sel})
	return ok
}

// why is the reason selection i of a corroboration fails its binding
// closed; empty when it holds.
func (c corroboration) why(i int) string {
	switch {
	case c.broken != "":
		return "the run corroborating its subtests (the same run with them skipped) " + c.broken
	case i < len(c.forged) && c.forged[i] != "":
		return "a run with that subtest skipped reported " + c.forged[i] + " too: its framing was printed by a test, not by the framework"
	}
	return ""
}

// forgedAdvice is the fix for a binding whose subtest result was not
// corroborated.
const forgedAdvice = "a subtest's result counts only when the framework ran it; find the test that prints the framework's framing for it, or bind a subtest that exists (ah explain subtest-corroboration)"

// corroborated holds a passed job whose flags bind a subtest to the
// corroboration run (ports.Corroborator): a result the run with that
// subtest skipped still reports was printed by a test, and the job is
// no-tests-ran. A job that did not pass is returned as it is.
func corroborated(ctx context.Context, env Env, j Job, o Outcome, r JobResult) JobResult {
	a, ok := j.Invocation.runner.(frameworkRunner)
	if !ok || r.Execution.Verdict != Passed {
		return r
	}
	_, sel, ok := a.selection(j)
	if !ok {
		return r
	}
	c := a.corroborate(ctx, env, j.Invocation, []ports.Selector{sel})
	switch {
	case !c.ran:
		return r
	case c.canceled:
		return interrupted(r, j)
	}
	why := c.why(0)
	if why == "" {
		return r
	}
	rep := a.parse(o)
	return unproven(r, j, func(b Binding) finding.Finding {
		f := a.finding(j, b, o, NoTestsRan, rep, r.Execution.DurationMS)
		f.Message = fmt.Sprintf("tests.%s[%d] of %s passed, but %s; %s", b.Entry.Type, b.Entry.Index, b.ContractPath, why, forgedAdvice)
		return f
	})
}

// corroborateBatch holds the attributed members of a batch that passed
// and bind a subtest to one corroboration run of the batch's invocation.
func corroborateBatch(ctx context.Context, env Env, jobs []Job, w work, o Outcome, sels []ports.Selector, out []JobResult) {
	a := w.job.Invocation.runner.(frameworkRunner)
	var ks []int
	var subs []ports.Selector
	for k := range w.members {
		if out[k].Execution.Verdict == Passed && a.binds(w.job.Invocation, sels[k]) {
			ks, subs = append(ks, k), append(subs, sels[k])
		}
	}
	c := a.corroborate(ctx, env, w.job.Invocation, subs)
	if !c.ran {
		return
	}
	for i, k := range ks {
		j := jobs[w.members[k]]
		if c.canceled {
			out[k] = interrupted(out[k], j)
			continue
		}
		why := c.why(i)
		if why == "" {
			continue
		}
		mo := o
		mo.Command = env.display(j.Invocation)
		ms := out[k].Execution.DurationMS
		out[k] = unproven(out[k], j, func(b Binding) finding.Finding {
			f := a.batchFinding(j, b, mo, w.batch.id, NoTestsRan, ports.TestReport{Parsed: true}, ms)
			f.Message = fmt.Sprintf("tests.%s[%d] of %s passed in batched invocation %s, but %s; %s", b.Entry.Type, b.Entry.Index, b.ContractPath, w.batch.id, why, forgedAdvice)
			return f
		})
	}
}

// unproven turns a passed result into no-tests-ran, with one finding per
// owner.
func unproven(r JobResult, j Job, f func(Binding) finding.Finding) JobResult {
	r.Execution.Verdict, r.Passed, r.Findings = NoTestsRan, 0, nil
	for _, b := range j.Owners {
		r.Findings = append(r.Findings, f(b))
	}
	return r
}

// interrupted is a result a cancellation left without a verdict.
func interrupted(r JobResult, j Job) JobResult {
	r.Execution.Verdict, r.Passed, r.NotRun, r.Findings, r.Interrupted = NotRun, 0, len(j.Owners), nil, true
	return r
}
