package execution

import (
	"context"
	"time"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/ports"
)

// Outcome is what a job's run left behind, as its runner's Judge reads it.
type Outcome struct {
	Result ports.Result
	// StartErr is set when the process could not be prepared or started.
	StartErr error
	// Skipped is true when the job never started: the run was cancelled
	// first, or --fail-fast stopped it.
	Skipped bool
	// Argv is exactly what was started (wrapper and adapter flags
	// included); Command is the declared command behind the wrapper.
	Argv    []string
	Command string
	// Prepared is true when the runner switched on structured output;
	// Report is the report file read after the run (nil when none).
	Prepared bool
	Report   []byte
	// Streamed is the report parsed while the job ran, when its runner
	// streams stdout.
	Streamed *ports.TestReport
	// Dir is the absolute repository root the job ran in.
	Dir string
	// Missing is the tool the run lacked, when ah established one
	// (missing.go).
	Missing *Missing
}

// JobResult is the judged result of one job: its execution record and the
// findings of its bindings. Only tails of the output are kept.
type JobResult struct {
	Execution Execution
	// Findings are the findings of every binding that did not pass, in
	// owner order.
	Findings []finding.Finding
	// Passed counts the bindings that passed; NotRun those whose job never
	// ran to a verdict (cancelled, or not started after --fail-fast).
	Passed int
	NotRun int
	// Duration is how long the job's process ran (for progress lines; the
	// report has durations only with --timings).
	Duration time.Duration
	// Interrupted is true when a cancellation cut the job short.
	Interrupted bool
	// Batch is the record of the batch this job ran in, on the batch's
	// first member only, so Assemble lists each batch once.
	Batch *Batch
	// cause and where name the compile failure the job failed on, and
	// owners are the bindings of Findings, one each (cause.go).
	cause, where string
	owners       []Binding
	// missing is the tool the job lacked (missing.go): its Findings are
	// missing-tool, one per owner.
	missing *Missing
}

// Stream runs the jobs as opts say and calls emit with each judged result
// as its job ends, from the worker that ran it (emit must be safe for
// concurrent use). Each job's whole life happens in its worker: prepare,
// run, read the report, judge, clean up. With opts.Batch, eligible jobs run
// in batches (batch_plan.go): a batch is one unit of work, and each member
// job is emitted with its own attributed result. Jobs that never started (a
// cancelled run, or --fail-fast after a failure) are emitted at the end, in
// plan order, as not_run.
func Stream(ctx context.Context, env Env, jobs []Job, opts Options, emit func(i int, r JobResult)) {
	t := newTracker(opts.Progress, jobs)
	// Without a scratch directory no report is read: nothing to attribute.
	units := planWork(jobs, opts.Batch && env.Scratch != nil)
	scheduled := make([]Job, len(units))
	for i, w := range units {
		scheduled[i] = w.job
	}
	started := Schedule(ctx, scheduled, opts.Workers, func(i int) bool {
		w := units[i]
		t.start(w.job)
		stop := false
		for k, r := range runWork(ctx, env, jobs, w, opts.Workers, t) {
			m := w.members[k]
			t.end(jobs[m], r)
			emit(m, r)
			stop = stop || (opts.FailFast && r.Execution.Verdict != Passed)
		}
		return stop
	})
	for i, ok := range started {
		if ok {
			continue
		}
		for _, m := range units[i].members {
			inv := jobs[m].Invocation
			r := judged(jobs[m], Outcome{Skipped: true, Argv: env.wrap(inv.Argv), Command: env.display(inv)}, env.Timings)
			// Not started without a cancellation: --fail-fast stopped the
			// run, which is no interruption.
			r.Interrupted = ctx.Err() != nil
			emit(m, r)
		}
	}
}

// runWork runs one unit of work and returns the results of its member
// jobs, in member order.
func runWork(ctx context.Context, env Env, jobs []Job, w work, workers int, t *tracker) []JobResult {
	if w.batch == nil {
		return []JobResult{runJob(ctx, env, jobs[w.members[0]])}
	}
	return runBatch(ctx, env, jobs, w, workers, t)
}

// Run runs the jobs and returns their results in plan order, whatever the
// order they ended in.
func Run(ctx context.Context, env Env, jobs []Job, opts Options) Results {
	results := make([]JobResult, len(jobs))
	// Each index is written once, by one worker: no lock needed.
	Stream(ctx, env, jobs, opts, func(i int, r JobResult) { results[i] = r })
	return Assemble(results)
}

// runJob is one job's whole life.
func runJob(ctx context.Context, env Env, j Job) JobResult {
	o := execute(ctx, env, j.Invocation)
	return corroborated(ctx, env, j, o, judged(j, o, env.Timings))
}

// execute prepares, runs and reads one invocation.
func execute(ctx context.Context, env Env, inv Invocation) Outcome {
	return executeWatched(ctx, env, inv, nil)
}

// executeWatched is execute whose stream, when it is a ports.Watcher,
// tells watch of each part of the run as it ends (batch_progress.go).
func executeWatched(ctx context.Context, env Env, inv Invocation, watch func(string, []ports.TestCase)) Outcome {
	o := Outcome{Argv: env.wrap(inv.Argv), Command: env.display(inv), Dir: env.Dir}
	st, err := inv.runner.Start(ctx, env, inv)
	if err != nil {
		// No exit status to record: every reader of an outcome looks at
		// StartErr first.
		o.StartErr = err
		o.Missing = missingTool(ctx, env, inv, o)
		return o
	}
	if st.Cleanup != nil {
		defer st.Cleanup()
	}
	if w, ok := st.Stream.(ports.Watcher); ok && watch != nil {
		w.Watch(watch)
	}
	o.Prepared, o.Argv = st.Prepared, st.shownArgv()
	o.Result, o.StartErr = env.Process.Run(ctx, st.Command)
	if st.ReportFile != "" && o.StartErr == nil && !o.Result.Canceled {
		o.Report, _ = env.Scratch.ReadFile(st.ReportFile)
	}
	if st.Stream != nil && o.StartErr == nil {
		rep := st.Stream.Report(o.Result)
		o.Streamed = &rep
	}
	o.Missing = missingTool(ctx, env, inv, o)
	return o
}
