package execution

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/report"
	"github.com/espectacular/ah/ports"
)

// Batch reports one batched invocation (see core/report).
type Batch = report.Batch

// runBatch runs a batch's one invocation and gives every member job its
// own result: attributed from the per-test report when it can be trusted,
// else re-run on its own after a batch-fallback warning (seed 004,
// C-batch-attribution, C-batch-fallback). The batch record travels on the
// first member's result.
func runBatch(ctx context.Context, env Env, jobs []Job, w work, workers int, t *tracker) []JobResult {
	b, inv := w.batch, w.job.Invocation
	a := inv.runner.(frameworkRunner) // planWork batches adapter jobs only
	// The listing runs first, so a batch that cannot be audited costs
	// one listing, not a whole run.
	listing, listed := auditListing(ctx, env, inv, b)
	o := executeWatched(ctx, env, inv, watchBatch(t, b, jobs, w.members, listing, listed))
	rec := &Batch{
		ID: b.id, TestType: inv.Type, Adapter: a.name, Bindings: []string{},
		Argv: o.Argv, ExitCode: exitCode(o), TimedOut: o.Result.TimedOut,
	}
	for _, o := range w.job.Owners {
		rec.Bindings = append(rec.Bindings, o.Ref())
	}
	// Each member gets an equal share of the batch's time, so durations
	// recorded for --shard balancing still add up to what ran.
	share := o.Result.Duration / time.Duration(len(w.members))
	var shareMS *int64
	if env.Timings {
		ms, s := o.Result.Duration.Milliseconds(), share.Milliseconds()
		rec.DurationMS, shareMS = &ms, &s
	}
	out := make([]JobResult, len(w.members))
	rep := a.parse(o)
	reason := fallbackReason(o, rep, a.partial(o), timeoutSetting(jobs, w.members, inv.Timeout))
	sels := b.sels
	if reason == "" {
		var checked ports.TestReport
		sels, checked = audited(b, listing, listed, *rep)
		reason = inconsistency(checked, o.Result.ExitCode, func(tc ports.TestCase) bool {
			return slices.ContainsFunc(sels, func(s ports.Selector) bool { return b.batcher.Matches(s, tc) })
		})
	}
	rerun := map[int]string{} // member position -> why it re-runs
	for k, m := range w.members {
		j := jobs[m]
		mo := o
		mo.Command = env.display(j.Invocation)
		switch {
		case o.Result.Canceled:
			out[k] = judged(j, mo, env.Timings)
		case o.Missing != nil:
			// The tool every member needs is not installed (missing.go):
			// re-runs would only fail on it again, one warning each.
			out[k] = judged(j, mo, env.Timings)
		case reason != "":
			rec.Fallback = reason
			rerun[k] = reason
		default:
			// Matched-zero is no-tests-ran whatever the batch's exit
			// status (C-batch-matched-zero): a batch that died before
			// reaching a test is a cut report, which the driver names as
			// an anomaly, and falls back above.
			matched := selected(b.batcher, sels[k], *rep)
			out[k] = attributed(j, mo, a, b.id, matched, shareMS, env.Timings)
			out[k].Duration = ownTime(matched, share)
		}
	}
	if reason == "" && !o.Result.Canceled {
		corroborateBatch(ctx, env, jobs, w, o, sels, out)
	}
	rerunAll(ctx, env, jobs, w, workers, rerun, out)
	out[0].Batch = rec
	return out
}

// fallbackReason says why a batch's report cannot decide its members'
// verdicts; empty when it can. The exit status alone never decides. A
// report that could not be read names the anomaly the driver saw in what
// there was (a pytest session that never ended although pytest exited 0).
func fallbackReason(o Outcome, rep, partial *ports.TestReport, bound string) string {
	switch {
	case o.StartErr != nil:
		return fmt.Sprintf("it could not start: %v", o.StartErr)
	case o.Result.TimedOut:
		return "it timed out after " + bound + "; " + ranBefore(partial) + "; per-binding re-runs carry the verdicts"
	case o.Result.Signaled:
		return "it was killed by a signal"
	case rep == nil && partial != nil && len(partial.Anomalies) > 0:
		return CauseAnomaly + partial.Anomalies[0]
	case rep == nil:
		return "its structured output could not be read: unparseable or cut short"
	case len(rep.Errors) > 0:
		return "it reported an error outside any test: " + errorText(rep.Errors[0])
	}
	return ""
}

// selected are the reported tests a member's selection matches.
func selected(b ports.Batcher, sel ports.Selector, rep ports.TestReport) []ports.TestCase {
	var out []ports.TestCase
	for _, tc := range rep.Tests {
		if b.Matches(sel, tc) {
			out = append(out, tc)
		}
	}
	return out
}

// rerunAll re-runs the members in rerun on their own, up to workers at
// once (the batch's resources are still held: its members share them), so
// a fallback of hundreds of bindings is not serial. A member a
// cancellation kept from starting is not_run.
func rerunAll(ctx context.Context, env Env, jobs []Job, w work, workers int, rerun map[int]string, out []JobResult) {
	if len(rerun) == 0 {
		return
	}
	ks := slices.Sorted(maps.Keys(rerun))
	sub := make([]Job, len(ks))
	for i, k := range ks {
		sub[i] = jobs[w.members[k]]
	}
	started := Schedule(ctx, sub, workers, func(i int) bool {
		out[ks[i]] = fallback(ctx, env, sub[i], w.batch.id, rerun[ks[i]])
		return false
	})
	for i, ok := range started {
		if !ok {
			inv := sub[i].Invocation
			out[ks[i]] = judged(sub[i], Outcome{Skipped: true, Argv: env.wrap(inv.Argv), Command: env.display(inv)}, env.Timings)
			out[ks[i]].Interrupted = true
		}
	}
}

// fallback re-runs a member job on its own, with its ordinary verdict,
// after one batch-fallback warning per binding. Its execution names no
// batch: its argv and exit code are the re-run's own (issue 27); the
// warnings and data.batches name the batch that degraded.
func fallback(ctx context.Context, env Env, j Job, id, reason string) JobResult {
	r := runJob(ctx, env, j)
	var warn []finding.Finding
	for _, b := range j.Owners {
		f := finding.New(finding.BatchFallback, fmt.Sprintf(
			"batched invocation %s degraded (%s); tests.%s[%d] of %s re-ran on its own and its own run gives the verdict",
			id, reason, b.Entry.Type, b.Entry.Index, b.ContractPath))
		f.ContractPath = b.ContractPath
		warn = append(warn, f.WithScenario(b.Capability, b.SpecPath, b.Scenario))
	}
	r.Findings = append(warn, r.Findings...)
	return r
}

// attributed judges a member job by the tests its selection matched
// (C-batch-attribution): any failed fails it; none passed is no-tests-ran
// (skips prove nothing); a matched skip, todo or xfail next to passes fails
// it, naming the skipped tests; matched tests whose reported durations add
// up to more than its own timeout_seconds time it out, as unbatched;
// otherwise it passed, whatever the batch's exit status.
func attributed(j Job, o Outcome, a frameworkRunner, id string, matched []ports.TestCase, ms *int64, timings bool) JobResult {
	sub := ports.TestReport{Parsed: true, Tests: matched}
	verdict, n, took := matchedVerdict(j.Invocation.Timeout, matched)
	inv := j.Invocation
	ex := Execution{
		Type: inv.Type, TestType: inv.Type, Command: o.Command, Argv: o.Argv,
		Verdict: verdict, ExitCode: exitCode(o), DurationMS: ms, Batch: id,
	}
	a.Describe(&ex)
	setTests(&ex, testsEvidence(matched), matched, timings)
	for _, b := range j.Owners {
		ex.Bindings = append(ex.Bindings, b.Ref())
	}
	r := JobResult{Execution: ex}
	for _, b := range j.Owners {
		if verdict == Passed {
			r.Passed++
			continue
		}
		f := a.batchFinding(j, b, o, id, verdict, sub, ms)
		switch {
		case verdict == TimedOut:
			batchTimedOut(&f, b, id, j.Invocation.Timeout, took)
		case verdict == Failed && n[ports.TestFailed] == 0:
			batchSkipped(&f, b, id, sub)
		}
		r.Findings = append(r.Findings, f)
	}
	return r
}

// matchedVerdict is the verdict a member's matched tests give, with
// their tally and the sum of their durations (attributed).
func matchedVerdict(timeout time.Duration, matched []ports.TestCase) (string, map[ports.TestStatus]int, time.Duration) {
	n := tally(ports.TestReport{Tests: matched})
	took, over := overTime(timeout, matched)
	switch {
	case n[ports.TestFailed] > 0:
		return Failed, n, took
	case n[ports.TestPassed] == 0:
		return NoTestsRan, n, took
	case over:
		return TimedOut, n, took
	case n[ports.TestSkipped] > 0:
		return Failed, n, took
	}
	return Passed, n, took
}

// batchFinding is the finding of one binding that did not pass in a
// batch: its own matched tests, names and failure text, not the batch's
// output, which belongs to every member.
func (a frameworkRunner) batchFinding(j Job, b Binding, o Outcome, id, verdict string, sub ports.TestReport, ms *int64) finding.Finding {
	what := fmt.Sprintf("tests.%s[%d] of %s", b.Entry.Type, b.Entry.Index, b.ContractPath)
	f := failing(j, b, o, ms)
	t := f.Test
	t.Type = a.name
	t.Adapter, t.TestType, t.DetectionSource, t.Version = a.name, b.Entry.Type, a.source, a.version
	t.StderrTail = ""
	var msgs []string
	for _, tc := range sub.Tests {
		if tc.Status == ports.TestFailed {
			msgs = append(msgs, tc.ID+"\n"+strings.TrimSpace(tc.Message))
		}
	}
	t.StdoutTail = lastBytes(strings.Join(msgs, "\n\n"), ports.DefaultTailBytes)
	if verdict == NoTestsRan {
		detail := "no reported test matches its selection"
		if k := len(sub.Tests); k > 0 {
			detail = fmt.Sprintf("%d matching tests, all skipped", k)
		}
		nf := finding.New(finding.NoTestsRan, fmt.Sprintf("%s ran no test in batched invocation %s (%s): %s", what, id, detail, selectNothing))
		nf.ContractPath = f.ContractPath
		nf = nf.WithScenario(b.Capability, b.SpecPath, b.Scenario)
		nf.Test = t
		return nf
	}
	t.FailedTests = failedTests(sub)
	f.Message = fmt.Sprintf("%s failed in batched invocation %s: %s", what, id, summary(sub))
	return f
}
