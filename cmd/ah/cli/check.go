package cli

import (
	"context"
	"fmt"

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
		if d.LimitProcs != nil {
			jobs := c.jobs()
			if jobs == 0 {
				jobs = r.Config.Jobs
			}
			defer d.LimitProcs(jobs)()
		}
	}
	start := d.Clock.Now()
	rep, err := check.Run(ctx, r.FS, *r.Config, opts)
	prog.clear()
	if err != nil {
		return err
	}
	for _, w := range rep.Warnings {
		fmt.Fprintf(d.Streams.Err, "ah: warning: %s\n", output.Escape(w))
	}
	popts := output.Options{Color: d.color(), CLIVersion: Version}
	if c.Timings {
		ms := d.Clock.Now().Sub(start).Milliseconds()
		popts.DurationMS = &ms
	}
	p, err := output.New(g.format(), d.Streams.Out, popts)
	if err != nil {
		return usageError("%v", err)
	}
	if err := p.Print(rep); err != nil {
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
