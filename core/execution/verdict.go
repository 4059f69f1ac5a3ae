package execution

import (
	"fmt"
	"slices"
	"time"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/report"
)

// Verdict names of an executed job: the engine's short names for the
// report's (report.Verdict*), where they live.
const (
	Passed   = report.VerdictPassed
	Failed   = report.VerdictFailed
	TimedOut = report.VerdictTimedOut
	NotRun   = report.VerdictNotRun
)

// Execution reports one job (see core/report).
type Execution = report.Execution

// Results are the verdicts of a run.
type Results struct {
	Findings []finding.Finding
	// Passed counts passing bindings (a shared invocation counts once per
	// binding that declared it).
	Passed int
	// NotRun counts bindings whose job never ran to a verdict.
	NotRun     int
	Executions []Execution
	// Interrupted is true when the run was cancelled before every job ended.
	Interrupted bool
	// Batches are the batched invocations, in plan order.
	Batches []Batch
}

// judged is the result of one job: its runner's verdict, shared by every
// binding of the job, and the findings of the bindings when it did not
// pass. With timings, the duration is included. The outcome is not kept.
func judged(j Job, o Outcome, timings bool) JobResult {
	inv := j.Invocation
	verdict, fail := NotRun, func(Binding, *int64) []finding.Finding { return nil }
	if !o.Skipped {
		verdict, fail = inv.runner.Judge(j, o)
	}
	ex := Execution{Type: inv.Type, TestType: inv.Type, Command: o.Command, Argv: o.Argv, Verdict: verdict, ExitCode: exitCode(o)}
	inv.runner.Describe(&ex)
	setEvidence(&ex, inv.runner, o, timings)
	if timings && !o.Skipped {
		ms := o.Result.Duration.Milliseconds()
		ex.DurationMS = &ms
	}
	for _, b := range j.Owners {
		ex.Bindings = append(ex.Bindings, b.Ref())
	}
	r := JobResult{Execution: ex, Interrupted: o.Skipped || o.Result.Canceled, Duration: o.Result.Duration}
	if verdict == NotRun {
		r.NotRun = len(j.Owners)
	}
	if r.Interrupted {
		return r // no verdict to report
	}
	for _, b := range j.Owners {
		if verdict == Passed {
			r.Passed++
			continue
		}
		r.Findings = append(r.Findings, fail(b, ex.DurationMS)...)
	}
	if o.Missing != nil && len(r.Findings) == len(j.Owners) {
		for k, b := range j.Owners {
			r.Findings[k] = missingFinding(r.Findings[k], b, o.Missing)
		}
		r.missing, r.owners = o.Missing, j.Owners
		return r
	}
	if c, ok := inv.runner.(causer); ok && verdict == Failed {
		r.cause, r.where = c.cause(o)
		r.owners = j.Owners
	}
	return r
}

// Assemble gathers job results, given in plan order, into the results of
// the run.
func Assemble(jobs []JobResult) Results {
	jobs = slices.Clone(jobs)
	shareCauses(jobs)
	shareMissing(jobs)
	var r Results
	for _, j := range jobs {
		r.Executions = append(r.Executions, j.Execution)
		r.Findings = append(r.Findings, j.Findings...)
		r.Passed += j.Passed
		r.NotRun += j.NotRun
		r.Interrupted = r.Interrupted || j.Interrupted
		if j.Batch != nil {
			r.Batches = append(r.Batches, *j.Batch)
		}
	}
	return r
}

func verdictOf(o Outcome) string {
	switch {
	case o.Skipped || o.Result.Canceled:
		return NotRun
	case o.Result.TimedOut:
		return TimedOut
	case o.StartErr == nil && o.Result.ExitCode == 0 && !o.Result.Signaled:
		return Passed
	}
	return Failed
}

func exitCode(o Outcome) *int {
	if o.Skipped || o.StartErr != nil || o.Result.Signaled || o.Result.TimedOut || o.Result.Canceled || o.Result.ExitCode < 0 {
		return nil
	}
	c := o.Result.ExitCode
	return &c
}

func failing(j Job, b Binding, o Outcome, ms *int64) finding.Finding {
	inv := j.Invocation
	f := finding.New(finding.TestFailing, failMessage(b, inv, o))
	f.ContractPath = b.ContractPath
	f = f.WithScenario(b.Capability, b.SpecPath, b.Scenario)
	f.Test = &finding.Test{
		// The binding's own type: a shared invocation may serve bindings
		// of several types configured with the same runner.
		Type:       b.Entry.Type,
		Command:    o.Command,
		Argv:       o.Argv,
		ExitCode:   exitCode(o),
		TimedOut:   o.Result.TimedOut,
		StdoutTail: string(o.Result.Stdout),
		StderrTail: string(o.Result.Stderr),
		SharedWith: j.sharedWith(b),
		DurationMS: ms,
	}
	if o.StartErr != nil {
		// The runner never ran: the invocation is what needs fixing
		// (issue 8), whatever the reason it could not start.
		f.Test.StderrTail = o.StartErr.Error()
		f.SuggestedAction = finding.FixToolInvocation
	}
	return f
}

func failMessage(b Binding, inv Invocation, o Outcome) string {
	what := fmt.Sprintf("tests.%s[%d] of %s", b.Entry.Type, b.Entry.Index, b.ContractPath)
	switch {
	case o.StartErr != nil:
		return fmt.Sprintf("%s could not start: %v", what, o.StartErr)
	case o.Result.TimedOut:
		return fmt.Sprintf("%s timed out after %s and was stopped", what, seconds(inv.Timeout))
	case o.Result.Signaled:
		return fmt.Sprintf("%s was killed by a signal", what)
	}
	return fmt.Sprintf("%s exited with status %d", what, o.Result.ExitCode)
}

func seconds(d time.Duration) string {
	return fmt.Sprintf("%ds", int(d.Round(time.Second).Seconds()))
}
