package execution

import (
	"context"
	"io/fs"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/shellword"
	"github.com/espectacular/ah/ports"
)

// Env is what running a job needs from outside the core.
type Env struct {
	Process ports.Process
	// Dir is the absolute repository root: every test runs there.
	Dir string
	// Repo reads the repository's files (confined to Dir), for a batch
	// listed from its test files (ports.SourceLister); nil lists every
	// batch through its framework.
	Repo fs.FS
	// Scratch holds adapter report files; nil runs adapter jobs as
	// declared, without a report, so none of them can pass (issue 36).
	Scratch ports.Scratch
	// Getenv reads ah's environment for path lists a driver extends
	// (PYTHONPATH); nil means empty.
	Getenv func(string) string
	// Wrapper is an argv prefix put before every test command
	// ([execution] wrapper).
	Wrapper []string
	// Timings adds durations to the results.
	Timings bool
	// Strict (ah check --strict) asks a framework that may replay cached
	// results for a fresh run (ports.Refresher). It never changes how a
	// job is judged: the one verdict rule holds in every mode (issue 36).
	Strict bool
}

// runner starts and judges the process of a job. Runners are plain values:
// whatever a run prepares travels in Started and Outcome, never in the
// runner, so one runner value may serve many jobs at once.
type runner interface {
	// Start prepares one run of inv: the command to start, and what to
	// read and remove afterwards.
	Start(ctx context.Context, env Env, inv Invocation) (Started, error)
	// Judge turns the outcome of a job into its verdict and, for a job
	// that did not pass, the findings of one of its bindings.
	Judge(j Job, o Outcome) (verdict string, fail func(Binding, *int64) []finding.Finding)
	// Describe fills the runner's fields of an execution record.
	Describe(ex *Execution)
	key() string
}

// Started is a prepared run.
type Started struct {
	Command ports.Command
	// Prepared is true when the runner's structured output is switched on;
	// ReportFile, when set, is read after the run into Outcome.Report.
	Prepared   bool
	ReportFile string
	// Stream parses stdout while the job runs; nil when the report is
	// parsed afterwards.
	Stream ports.ReportStream
	// Cleanup removes what Start created; nil when nothing was.
	Cleanup func()
	// ScratchDir is the run's private directory, if any: output names it
	// ScratchName, so the same input still gives the same output.
	ScratchDir string
}

// ScratchName stands for a run's private scratch directory in output argv
// (vitest's --reporter=<scratch>/ah-reporter.mjs).
const ScratchName = "<scratch>"

// shownArgv is the executed argv as output shows it.
func (st Started) shownArgv() []string {
	if st.ScratchDir == "" {
		return st.Command.Argv
	}
	out := make([]string, len(st.Command.Argv))
	for i, a := range st.Command.Argv {
		out[i] = strings.ReplaceAll(a, st.ScratchDir, ScratchName)
	}
	return out
}

// runnerOf is the runner value of a route.
func runnerOf(r adapter.Route) runner {
	switch r.Kind {
	case adapter.Envelope:
		return customRunner{name: r.CustomName}
	case adapter.Framework:
		return frameworkRunner{name: r.Driver.Framework().Name, driver: r.Driver, source: r.Source, version: r.Version, install: r.Install}
	}
	return exitRunner{}
}

// command is the plain process of inv, behind the configured wrapper.
func (env Env) command(inv Invocation, tail int) ports.Command {
	return ports.Command{Argv: env.wrap(inv.Argv), Dir: env.Dir, Env: inv.Env, Timeout: inv.Timeout, TailBytes: tail}
}

func (env Env) wrap(argv []string) []string {
	if len(env.Wrapper) == 0 {
		return argv
	}
	return slices.Concat(env.Wrapper, argv)
}

// display is the declared command of inv behind the wrapper.
func (env Env) display(inv Invocation) string {
	if len(env.Wrapper) == 0 {
		return inv.Command
	}
	return shellword.Quote(env.Wrapper) + " " + inv.Command
}

// exitRunner runs shell and generic argv bindings: exit 0 passes.
type exitRunner struct{}

func (exitRunner) Start(_ context.Context, env Env, inv Invocation) (Started, error) {
	return Started{Command: env.command(inv, 0)}, nil
}

func (exitRunner) Judge(j Job, o Outcome) (string, func(Binding, *int64) []finding.Finding) {
	return verdictOf(o), func(b Binding, ms *int64) []finding.Finding {
		return []finding.Finding{failing(j, b, o, ms)}
	}
}

func (exitRunner) Describe(*Execution) {}

func (exitRunner) key() string { return "" }
