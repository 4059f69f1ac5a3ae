package cli

import (
	"context"
	"fmt"
	"runtime"
	"time"

	"github.com/espectacular/ah/cmd/ah/cli/output"
	"github.com/espectacular/ah/core/check"
)

// CheckCmd is `ah check`.
type CheckCmd struct {
	RunTests bool `name:"run-tests" help:"Also run every declared test of every contract without a structural finding."`
	// Jobs is a pointer so that an explicit --jobs 0 is rejected rather
	// than mistaken for "not given".
	Jobs    *int `short:"J" name:"jobs" placeholder:"N" help:"Run up to N tests at once (default: [execution] jobs, else 1)."`
	Timings bool `help:"Add per-test and total durations to the JSON output."`
	Quiet   bool `short:"q" help:"No live progress display on stderr."`
}

// Validate rejects impossible flag values before anything runs.
func (c *CheckCmd) Validate() error {
	if c.Jobs != nil && *c.Jobs < 1 {
		return fmt.Errorf("--jobs must be at least 1, got %d", *c.Jobs)
	}
	return nil
}

// jobs is the parallelism asked for on the command line; 0 means the
// config's [execution] jobs.
func (c *CheckCmd) jobs() int {
	if c.Jobs == nil {
		return 0
	}
	return *c.Jobs
}

// Run checks the repository and prints the report.
func (c *CheckCmd) Run(ctx context.Context, g *Globals, d *Deps) error {
	r, err := openRepo(g, d)
	if err != nil {
		return err
	}
	opts := check.Options{}
	if len(d.Drivers) > 0 {
		opts.Adapters = &check.Adapters{Drivers: d.Drivers, Process: d.Process, Dir: r.Root}
	}
	var prog *progress
	if c.RunTests {
		if d.Streams.ErrTTY && !c.Quiet && d.Getenv("TERM") != "dumb" {
			prog = &progress{w: d.Streams.Err}
		}
		opts.Exec = &check.Exec{Process: d.Process, Dir: r.Root, Jobs: c.jobs(), Timings: c.Timings, Scratch: d.Scratch, Getenv: d.Getenv}
		if prog != nil {
			opts.Exec.Progress = prog
		}
		jobs := c.jobs()
		if jobs == 0 {
			jobs = r.Config.Jobs
		}
		defer capProcs(jobs)()
	}
	start := time.Now()
	rep, err := check.Run(ctx, r.FS, r.Config, opts)
	prog.clear()
	if err != nil {
		return err
	}
	for _, w := range rep.Warnings {
		fmt.Fprintf(d.Streams.Err, "ah: warning: %s\n", w)
	}
	if err := c.print(g, d, rep, time.Since(start)); err != nil {
		return err
	}
	switch {
	case rep.Interrupted:
		fmt.Fprintln(d.Streams.Err, "ah: interrupted: the report shows only the tests that finished")
		return &ExitError{Code: ExitInterrupted}
	case rep.Failed():
		return errGateFailed
	}
	return nil
}

func (c *CheckCmd) print(g *Globals, d *Deps, rep check.Report, took time.Duration) error {
	if !g.JSON {
		return output.CheckText(d.Streams.Out, rep, d.color())
	}
	env := newEnvelope("check", !rep.Failed() && !rep.Interrupted, rep)
	env.Warnings = append(env.Warnings, rep.Warnings...)
	if c.Timings {
		ms := took.Milliseconds()
		env.Meta.DurationMS = &ms
	}
	return writeEnvelope(d.Streams.Out, env)
}

// capProcs lowers GOMAXPROCS to the number of tests that may run at once
// (never raising it) and returns a function restoring it, for callers that
// run Main in-process. While tests run, ah only starts children, waits for
// them and copies their output: Ps beyond the running tests add nothing but
// cross-thread wake-ups to every process start, about 13% of the wall time
// of 200 trivial tests at --jobs 1 on a 2-vCPU machine (acceptance/bench).
func capProcs(jobs int) (restore func()) {
	prev := runtime.GOMAXPROCS(0)
	want := min(prev, max(jobs, 1))
	if want == prev {
		// Setting it would also stop the runtime from following CPU
		// limit changes, for nothing.
		return func() {}
	}
	runtime.GOMAXPROCS(want)
	return func() { runtime.GOMAXPROCS(prev) }
}
