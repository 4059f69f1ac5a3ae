package check

import (
	"context"
	"errors"
	"fmt"
	"io/fs"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/overlay"
	"github.com/espectacular/ah/core/report"
	"github.com/espectacular/ah/core/selection"
	"github.com/espectacular/ah/ports"
)

// Options select what a check does.
type Options struct {
	// Changes are the change ids to overlay (sorted and deduplicated).
	Changes []string
	// Env is where every process of the check runs: the adapter probes,
	// the tests (Exec) and the mutation tool (Mutation). The caller fills
	// Process, Dir, Scratch, Getenv and Timings; Run adds the config's
	// wrapper and Strict.
	Env execution.Env
	// Drivers, when not empty, enable adapter detection and adapter runs
	// (adapters.go); without them adapter-typed tests need a [runners]
	// entry.
	Drivers []ports.Driver
	// ProbeCache, when set, keeps adapter probe results between checks
	// (adapter.ProbeCached); nil probes every time.
	ProbeCache ports.ProbeCache
	// Exec, when set, runs the tests of every contract without a
	// structural finding (ah check --run-tests).
	Exec *Exec
	// Units, when not empty, limits the check to these capabilities and
	// <capability>/<scenario-id> scenarios; the rest count as skipped.
	Units []string
	// Strict makes warnings fail the gate (ah check --strict) and, with
	// Exec, asks go for a fresh run instead of its test cache; verdicts
	// follow the one rule in every mode (issue 36).
	Strict bool
	// Shard, when set, runs only this shard's jobs (shard.go). Structural
	// findings are computed in every shard (they are cheap) but reported
	// only by shard 1, so a merge never counts them twice.
	Shard *Shard
	// Durations are recorded milliseconds by binding ref, from a previous
	// report (ah check --durations): they balance the shards by time.
	Durations map[string]int64
	// Spk, when set, parses dual-format specs for the contract-stale
	// check of derived contracts (stale.go); nil skips that check.
	Spk ports.Spk
	// Diff, the changed files, narrows execution (with Exec) to the
	// contracts they affect (affected.go); the report then carries the
	// selection. Changes above are change proposals, a different thing.
	Diff *selection.Diff
	// Mutation runs the mutation tool (ah check --mutation, issue 16;
	// quality.go) for every ready contract with [quality.mutation]
	// enabled = true, and once over all of them when the config enables
	// it. Shard 1 alone runs it.
	Mutation bool
	// Today is the date ("YYYY-MM-DD") a [waiver]'s expires is compared
	// with; empty expires no waiver. Core never reads the clock: the
	// caller does.
	Today string
	// MutationEnableWorks says `ah doctor --enable mutation` would add a
	// tool in this project (doctor.MutationToolKnown): only then is it
	// offered as an apply_command (issue 27).
	MutationEnableWorks bool
	// Carry, with Exec and a Diff of source snapshot, carries the
	// passes of an evidence snapshot (ah check --carry, ah verify; issue
	// 41; carry.go).
	Carry *Carry
}

// Exec configures test execution: how many tests at once and how they
// are scheduled (the processes run in Options.Env).
type Exec struct {
	// Jobs bounds parallel processes; zero means the config's value (see
	// Workers).
	Jobs int
	// CPUs is the machine's processor count (runtime.NumCPU, read by the
	// caller): the default of Jobs when neither --jobs nor [execution]
	// jobs sets it.
	CPUs     int
	Progress execution.Progress
	// FailFast stops starting tests after the first one that does not pass.
	FailFast bool
	// NoBatch runs every binding in its own process (ah check --no-batch).
	NoBatch bool
}

// Report is the result of a check (see core/report).
type Report = report.Report

// Run checks the repository in fsys in stages with plain data between
// them: scope (units) -> contracts read -> adapter evidence gathered ->
// validate (findings, ready units with their runner plans) -> plan (jobs) -> execute (job results) -> assemble (report).
func Run(ctx context.Context, fsys fs.FS, cfg config.Config, opts Options) (Report, error) {
	if err := ctx.Err(); err != nil {
		return Report{}, err
	}
	changes := overlay.Normalize(opts.Changes)
	sc, err := resolve(fsys, cfg)
	if err != nil {
		return Report{}, err
	}
	if sc, err = withChanges(fsys, cfg, sc, changes); err != nil {
		return Report{}, err
	}
	corpus := sc.units // the whole corpus, before units narrow the scope
	sc, outOfScope := applyScope(sc, cfg.Scope)
	sc, skipped, err := limitUnits(sc, opts.Units)
	if err != nil {
		return Report{}, err
	}
	read, err := readContracts(fsys, sc.units)
	if err != nil {
		return Report{}, err
	}
	// Gather, then decide: the adapter evidence for every test type in
	// scope, then each entry's plan as a pure function of it.
	env := opts.Env
	env.Wrapper, env.Strict = cfg.Wrapper, opts.Strict
	detected := detect(ctx, fsys, cfg, opts.Drivers, env, opts.ProbeCache, testTypes(read), opts.Exec != nil)
	// A cancellation during the adapter probes (a slow `pytest --version`)
	// left their evidence incomplete: the findings drawn from it, such as
	// missing-adapter, would be false. The run was interrupted (issue 9).
	if err := ctx.Err(); err != nil {
		return Report{}, err
	}
	v := validate(cfg, sc, read, detected.planner(cfg))
	v.findings = append(v.findings, detected.probeTimeouts(cfg)...)
	v.findings = append(v.findings, expireWaivers(v.waived, opts.Today)...)
	v.findings = append(v.findings, scopeFindings(corpus, cfg.Scope)...)
	stale, notes, err := staleFindings(ctx, fsys, cfg, sc, read, opts.Spk)
	if err != nil {
		return Report{}, err
	}
	v.findings, v.ready = append(v.findings, stale...), dropStale(v.ready, stale)
	if len(sc.units) == 0 {
		f := noScenarios(cfg)
		if sc.undeployed && len(changes) == 0 {
			f.Message = fmt.Sprintf("nothing deployed yet: %s does not exist (OpenSpec creates it when the first change is archived), and %d active changes are not checked; check them with `ah check --changes all` (or --changes <id>)",
				cfg.Specs, len(overlay.IDs(fsys, cfg.Changes)))
		}
		if len(outOfScope) > 0 {
			// A scope with no scenario in it never passes (issue 39).
			f = finding.New(finding.EmptyScope, fmt.Sprintf("no scenarios in scope: [scope] in %s leaves out all %d scenarios under %s, so the gate checks nothing; widen its include or narrow its exclude",
				config.Path, len(outOfScope), cfg.Specs))
			f.SpecPath = config.Path
		}
		v.findings = append(v.findings, f)
	}
	if opts.Shard != nil && opts.Shard.Index != 1 {
		v.findings = nil
	}
	out := outcome{scope: sc, v: v, changes: changes, skipped: skipped, strict: opts.Strict, notes: notes, outOfScope: outOfScope}
	if opts.Shard != nil {
		out.shard = &report.Shard{
			Index: opts.Shard.Index, Total: opts.Shard.Total, Order: []int{},
			Corpus: corpusDigest(fsys, corpus), Selection: selectionInput(opts),
			Tree: opts.Shard.Tree, Dirty: opts.Shard.Dirty,
		}
	}
	if opts.Exec != nil {
		ready := v.ready
		if opts.Diff != nil {
			var d selection.Decision
			ready, d = affected(ctx, cfg, sc, ready, *opts.Diff, opts.Env)
			if opts.Carry != nil {
				ready, d, out.carried = carryOver(v.ready, d, opts.Carry.Passed)
				out.carriedFrom = opts.Carry.Tree
			}
			out.picked = &d
		}
		if opts.Carry != nil && opts.Carry.Verify {
			return assemble(out), nil
		}
		jobs, unresolved := plan(cfg, ready)
		if out.shard != nil {
			out.shard.Plan = planned(jobs, out.shard.Total, opts.Durations)
			jobs, out.shard.Order, out.elsewhere = pick(jobs, *out.shard, opts.Durations)
			if out.shard.Index != 1 {
				unresolved = nil
			}
		}
		ex := *opts.Exec
		res := execution.Run(ctx, env, jobs, execution.Options{Workers: Workers(cfg, ex), Progress: ex.Progress, FailFast: ex.FailFast, Batch: !ex.NoBatch})
		res.Findings = append(res.Findings, unresolved...)
		res.Findings = append(res.Findings, qualityPassed(jobs, res.Executions)...)
		out.ran = &res
	}
	if opts.Mutation && (opts.Shard == nil || opts.Shard.Index == 1) {
		out.v.findings = append(out.v.findings, measureMutation(ctx, cfg, env, v.ready, opts.MutationEnableWorks)...)
	}
	rep := assemble(out)
	if len(changes) == 0 {
		rep.UncheckedChanges = len(overlay.IDs(fsys, cfg.Changes))
	}
	return rep, nil
}

// noScenarios is the warning of a scope without any scenario: a gate
// checking nothing passes on nothing, so it says so (and --strict fails).
func noScenarios(cfg config.Config) finding.Finding {
	f := finding.New(finding.NoScenarios, fmt.Sprintf(
		"no scenarios found under %s: the gate checks nothing; add `#### Scenario: <title>` headings to %s/<capability>/spec.md, or point [paths] specs in %s at your specs",
		cfg.Specs, cfg.Specs, config.Path))
	f.SpecPath = cfg.Specs
	return f
}

// MaxDefaultJobs caps the default parallelism drawn from the processor
// count: each test may be a framework that uses every processor itself
// (go test builds, cargo).
const MaxDefaultJobs = 4

// Workers is the number of tests run at once: ah check --jobs, else the
// config's [execution] jobs, else the machine's processors up to
// MaxDefaultJobs (issue 29: 200 trivial tests, or 45 go tests in 9
// packages with --no-batch, took 0.66-0.73 of the time with 2 at once on
// 2 processors). Parallel tests that share a database, port or file
// declare a resources key, and never overlap (README, Execution). With
// --fail-fast and nothing set, one at a time: which tests it leaves unrun
// then never depends on the machine. The report never depends on it.
func Workers(cfg config.Config, ex Exec) int {
	switch {
	case ex.Jobs > 0:
		return ex.Jobs
	case cfg.Jobs > 0:
		return cfg.Jobs
	case ex.FailFast:
		return 1
	}
	return min(max(ex.CPUs, 1), MaxDefaultJobs)
}

// plan turns the bindings of the ready units into jobs, merging identical
// invocations. A binding that cannot be invoked gets a finding rather than
// being dropped, so it cannot pass by not running.
func plan(cfg config.Config, ready []validated) ([]execution.Job, []finding.Finding) {
	var bindings []execution.Binding
	var invs []execution.Invocation
	var unresolved []finding.Finding
	for _, v := range ready {
		for _, x := range invocations(cfg, v) {
			if x.err != nil {
				f := finding.New(finding.MissingRunner, fmt.Sprintf("%s: %v", v.ContractPath, x.err))
				f.ContractPath = v.ContractPath
				unresolved = append(unresolved, f.WithScenario(v.Capability, v.SpecPath, scenarioOf(v.Scenario)))
				continue
			}
			bindings = append(bindings, x.binding)
			invs = append(invs, x.inv)
		}
	}
	return execution.Plan(bindings, invs), unresolved
}

// invoked is one test entry of a ready unit, bound to its scenario and
// invoked with its plan; err says why it cannot be invoked.
type invoked struct {
	binding execution.Binding
	inv     execution.Invocation
	err     error
}

// invocations binds and invokes each test entry of v, in order: the one
// loop both the test run and the mutation script build on.
func invocations(cfg config.Config, v validated) []invoked {
	out := make([]invoked, len(v.Contract.Tests))
	for i, e := range v.Contract.Tests {
		b := execution.Binding{
			Capability: v.Capability, SpecPath: v.SpecPath, ContractPath: v.ContractPath,
			Scenario: scenarioOf(v.Scenario), Entry: e,
		}
		inv, err := execution.Invoke(cfg, b, v.plans[i])
		out[i] = invoked{binding: b, inv: inv, err: err}
	}
	return out
}

func isNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }
