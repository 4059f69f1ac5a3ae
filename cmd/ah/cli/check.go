package cli

import (
	"runtime"
	"slices"
	"time"

	"context"
	"errors"
	"fmt"

	"github.com/espectacular/ah/cmd/ah/cli/output"
	"github.com/espectacular/ah/core/check"
	"github.com/espectacular/ah/core/evidence"
	"github.com/espectacular/ah/core/overlay"
	"github.com/espectacular/ah/core/selection"
	"github.com/espectacular/ah/core/shard"
	"github.com/espectacular/ah/core/unit"
	"github.com/espectacular/ah/core/upgrade"
)

// CheckCmd is `ah check`.
type CheckCmd struct {
	Units    []string `arg:"" optional:"" name:"unit" predictor:"unit" help:"Check only these capabilities, <capability>/<scenario-id> scenarios, or doublestar globs over either (quoted); the rest count as skipped (default: all)."`
	RunTests bool     `name:"run-tests" help:"Also run every declared test of every contract without a structural finding."`
	// Jobs is a pointer so that an explicit --jobs 0 is rejected rather
	// than mistaken for "not given".
	Jobs     *int   `short:"J" name:"jobs" placeholder:"N" help:"Run up to N tests at once (default: [execution] jobs, else the processor count up to 4; 1 with --fail-fast)."`
	FailFast bool   `name:"fail-fast" help:"Start no more tests after the first one that does not pass; the rest are reported as not run."`
	Strict   bool   `help:"Treat warnings as failures (exit 1), and with --run-tests run go tests afresh instead of replaying go's test cache."`
	Timings  bool   `help:"Add per-test and total durations to the output."`
	Progress string `name:"progress" enum:"auto,bar,plain,none" default:"auto" placeholder:"MODE" help:"Progress on stderr while tests run: auto (a bar on a terminal; a line per finished test in CI or off a terminal), bar, plain or none."`
	Quiet    bool   `short:"q" help:"No progress on stderr (same as --progress none)."`
	Output   string `name:"output" placeholder:"FILE" help:"Write the report in the --format format to FILE and print text on the terminal."`
	Shard    string `name:"shard" placeholder:"K/N" help:"Run only shard K of N of the tests (structural findings are reported by shard 1); join the shards' --json reports with ah merge."`
	// Changes is repeatable and never split on commas (issue 10).
	Changes []string `name:"changes" sep:"none" placeholder:"ID" predictor:"change" help:"Overlay change proposal ID (<paths.changes>/ID) on the deployed specs, as openspec archive would apply it; repeat for more changes."`
	// Durations balances the shards by a previous report's timings.
	Durations string `name:"durations" placeholder:"FILE" help:"With --shard: balance the shards by the test durations recorded in FILE, a previous ah check --run-tests --timings --json report."`
	// Verbose adds notes on what was not checked (issue 14).
	Verbose bool `short:"v" name:"verbose" help:"Also say on stderr what was not checked and why (the contract-stale check of derived contracts without spk), and list in text output the tests each execution ran."`
	// Selection (issue 13): with --run-tests, run only what a change can
	// affect. Precedence: --all-tests > --files > --base/--head > worktree.
	AllTests bool     `name:"all-tests" help:"With --run-tests: run every contract, whatever changed."`
	Files    []string `name:"files" sep:"," placeholder:"PATH,..." help:"With --run-tests: run the contracts these changed files affect (comma-separated, repeatable, relative to the repository root); wins over --base."`
	Base     string   `name:"base" placeholder:"REF" help:"With --run-tests: run the contracts the files changed between REF and --head affect (git diff --name-only)."`
	Head     string   `name:"head" placeholder:"REF" help:"With --base: the end of the range (default HEAD)."`
	NoBatch  bool     `name:"no-batch" help:"Run every test binding in its own process, never batched (for debugging and benchmarks)."`
	// Mutation and PreCommit: issue 16 (quality measurement).
	Mutation  bool `name:"mutation" help:"Also run the [quality.mutation] tool for each contract with [quality.mutation] enabled = true (and once for the project when the config enables it) and report quality-mutation scores; a score never fails the gate."`
	PreCommit bool `name:"pre-commit" help:"Run in pre-commit scope (also AH_SCOPE=pre-commit): mutation measurement is skipped unless --mutation is given."`
	// Evidence and Carry: issue 41 (evidence that outlives the run).
	Evidence string `name:"evidence" placeholder:"FILE" help:"With --run-tests: write an evidence snapshot to FILE: the git tree the run proved, the config digest and each contract's verdict with the tests that proved it; ah verify FILE checks it later without running a test."`
	Carry    string `name:"carry" placeholder:"FILE" help:"With --run-tests: run only the contracts a change since the evidence snapshot FILE can affect and carry the snapshot's passes of the others (ah explain carried)."`
}

// Help is the detail of `ah check --help`.
func (c *CheckCmd) Help() string { return checkHelp }

// Validate rejects impossible flag values before anything runs.
func (c *CheckCmd) Validate() error {
	if c.Jobs != nil && *c.Jobs < 1 {
		return fmt.Errorf("--jobs must be at least 1, got %d", *c.Jobs)
	}
	if c.Shard != "" {
		if _, err := shard.Parse(c.Shard); err != nil {
			return err
		}
	}
	if c.Durations != "" && c.Shard == "" {
		return errors.New("--durations balances shards: use it with --shard K/N")
	}
	if (c.Evidence != "" || c.Carry != "") && !c.RunTests {
		return errors.New("--evidence and --carry are about test verdicts: add --run-tests")
	}
	if c.Carry != "" && (c.AllTests || c.Files != nil || c.Base != "" || c.Shard != "") {
		return errors.New("--carry selects by the changes since its snapshot: give it without --all-tests, --files, --base or --shard")
	}
	if (c.Evidence != "" || c.Carry != "") && len(c.Changes) > 0 {
		return errors.New("--evidence and --carry prove the deployed specs: give them without --changes")
	}
	if c.Evidence != "" && c.Shard != "" {
		return errors.New("--evidence with --shard: write the snapshot of the whole run with ah merge --evidence FILE")
	}
	if c.Head != "" && c.Base == "" {
		return errors.New("--head is the end of a range: give its start with --base <ref>")
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
	opts := check.Options{Units: c.Units, Strict: c.Strict, Changes: overlay.Normalize(c.Changes), Today: d.Clock.Now().Format(time.DateOnly)}
	if c.Shard != "" {
		s, _ := shard.Parse(c.Shard) // checked by Validate
		tree, err := shard.Identify(ctx, d.Git(r.Root), r.FS)
		if err != nil {
			return fmt.Errorf("--shard records the git tree it checks: %w", err)
		}
		s.Tree, s.Dirty = tree.ID, tree.Dirty
		opts.Shard = &s
		if c.Durations != "" {
			prev, err := readReport(c.Durations)
			if err != nil {
				return err
			}
			opts.Durations = shard.DurationsOf(prev)
		}
	}
	if d.Spk != nil {
		opts.Spk = d.Spk(r.Config.Spk.Command, r.Root)
	}
	opts.Env, opts.Drivers, opts.ProbeCache = d.env(r), d.Drivers, d.ProbeCache
	opts.Env.Timings = c.Timings
	var prog *progress
	var prev *evidence.Snapshot
	var st evidence.State
	if c.RunTests {
		prog = newProgress(c.progressMode(d), d.Streams.Err)
		opts.Exec = &check.Exec{Jobs: c.jobs(), CPUs: runtime.NumCPU(), FailFast: c.FailFast, NoBatch: c.NoBatch}
		if prog != nil {
			opts.Exec.Progress = prog
		}
		ch := selection.Gather(ctx, d.Git(r.Root), c.selectionRequest())
		opts.Diff = &ch
		if prev, err = c.carry(ctx, g, d, r, &opts); err != nil {
			return err
		}
		if c.Evidence != "" {
			if st, err = currentState(ctx, d, r); err != nil {
				return err
			}
		}
		if d.LimitProcs != nil {
			defer d.LimitProcs(check.Workers(r.Config.Jobs, *opts.Exec))()
		}
	}
	opts.Mutation = c.mutation(d, r)
	if opts.Mutation && mutationEnableWorks(d, r) {
		opts.MutationEnable = enableMutation
	}
	start := d.Clock.Now()
	run := check.Run
	if slices.Contains(opts.Changes, check.AllChanges) {
		if len(opts.Changes) > 1 {
			return usageError("--changes %s checks every active change: give it alone", check.AllChanges)
		}
		run = check.RunAll
	}
	stopBeat := prog.heartbeat(d.Heartbeat)
	rep, err := run(ctx, r.FS, *r.Config, opts)
	stopBeat()
	prog.clear()
	if err != nil {
		return checkError(err)
	}
	if c.Verbose {
		for _, n := range rep.Notes {
			fmt.Fprintf(d.Streams.Err, "ah: note: %s\n", output.Escape(n))
		}
	}
	popts := output.Options{Color: d.color(), CLIVersion: Version, Getenv: d.Getenv, AppendFile: d.AppendFile, Verbose: c.Verbose}
	if w := upgrade.NewerWarning(r.Config.ToolVersion, Version); w != "" {
		fmt.Fprintf(d.Streams.Err, "ah: warning: %s\n", output.Escape(w))
		popts.Warnings = []string{w}
	}
	if c.Timings {
		ms := d.Clock.Now().Sub(start).Milliseconds()
		popts.DurationMS = &ms
	}
	if err := printReport(ctx, g, d, c.Output, rep, popts); err != nil {
		return err
	}
	if c.Evidence != "" && !rep.Interrupted {
		if err := writeSnapshot(ctx, g, d, c.Evidence, rep, st, prev); err != nil {
			return err
		}
		warnChangedByRun(ctx, d, r, st)
	}
	switch {
	case rep.Interrupted:
		fmt.Fprintln(d.Streams.Err, "ah: interrupted: the report shows only the tests that finished")
		return &InterruptedError{}
	case rep.Failed():
		return errGateFailed
	}
	return nil
}

// carry reads the --carry snapshot into opts (see carryInto).
func (c *CheckCmd) carry(ctx context.Context, g *Globals, d *Deps, r *repo, opts *check.Options) (*evidence.Snapshot, error) {
	return carryInto(ctx, g, d, r, c.Carry, opts)
}

// selectionRequest is what the range flags ask for; any --files value,
// even an empty one, makes the files the source.
func (c *CheckCmd) selectionRequest() selection.Request {
	req := selection.Request{AllTests: c.AllTests, Base: c.Base, Head: c.Head}
	if c.Files != nil {
		req.Files = append([]string{}, c.Files...)
	}
	return req
}

// progressMode resolves --progress (and --quiet) against the terminal: a
// bar only on a real terminal outside CI, else plain lines a CI log keeps.
func (c *CheckCmd) progressMode(d *Deps) string {
	switch {
	case c.Quiet:
		return progressNone
	case c.Progress != progressAuto:
		return c.Progress
	case d.Streams.ErrTTY && d.Getenv("TERM") != "dumb" && d.Getenv("CI") == "":
		return progressBar
	}
	return progressPlain
}

// checkError names the flag or argument behind the check's user-caused
// errors; exitCode classifies them (exit 2, like anything else that is
// not a failed gate).
func checkError(err error) error {
	if errors.Is(err, check.ErrAllChangesRun) {
		return usageError("%v", err)
	}
	if _, ok := errors.AsType[*unit.UnknownError](err); ok {
		return fmt.Errorf("ah check %w", err)
	}
	_, unknown := errors.AsType[*overlay.UnknownChangeError](err)
	_, bad := errors.AsType[*overlay.BadIDError](err)
	if unknown || bad {
		return fmt.Errorf("ah check --changes: %w", err)
	}
	return err
}
