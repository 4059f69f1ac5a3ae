package check

import (
	"context"
	"fmt"
	"io/fs"
	"slices"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/quality"
	"github.com/espectacular/ah/core/report"
	"github.com/espectacular/ah/core/selection"
	"github.com/espectacular/ah/core/shard"
	"github.com/espectacular/ah/core/validate"
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
	// (adapter.Gathered); without them adapter-typed tests need a [runners]
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
	// Shard, when set, runs only this shard's jobs (shard.Pick). Structural
	// findings are computed in every shard (they are cheap) but reported
	// only by shard 1, so a merge never counts them twice.
	Shard *Shard
	// Durations are recorded milliseconds by binding ref, from a previous
	// report (ah check --durations): they balance the shards by time.
	Durations map[string]int64
	// Spk, when set, parses dual-format specs for the contract-stale
	// check of derived contracts (derivation.StaleFindings); nil skips it.
	Spk ports.Spk
	// Diff, the changed files, narrows execution (with Exec) to the
	// contracts they affect (selection.Select); the report then carries the
	// selection. Changes above are change proposals, a different thing.
	Diff *selection.Diff
	// Mutation runs the mutation tool (ah check --mutation, issue 16;
	// quality.Measure) for every ready contract with [quality.mutation]
	// enabled = true, and once over all of them when the config enables
	// it. Shard 1 alone runs it.
	Mutation bool
	// Today is the date ("YYYY-MM-DD") a [waiver]'s expires is compared
	// with; empty expires no waiver. Core never reads the clock: the
	// caller does.
	Today string
	// MutationEnable is the command that adds a mutation tool in this
	// project (`ah doctor --enable mutation` when doctor.MutationToolKnown),
	// the apply_command of a contract opting in without one; empty when no
	// tool is known (issue 27).
	MutationEnable string
	// Carry, with Exec and a Diff of source snapshot, carries the
	// passes of an evidence snapshot (ah check --carry, ah verify; issue
	// 41; selection.Carry).
	Carry *Carry
}

// Carry carries the passes of an evidence snapshot (issue 41): a contract
// no changed file affects keeps the snapshot's pass, without running.
type Carry struct {
	// Tree is the git tree whose run proved the passes.
	Tree string
	// Passed are the contract keys the snapshot holds a pass of.
	Passed map[string]bool
	// Verify runs no test (ah verify): the report says what is carried
	// and what would run, and why.
	Verify bool
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
// validate (findings, ready units with their routes) -> plan (jobs) -> execute (job results) -> assemble (report).
func Run(ctx context.Context, fsys fs.FS, cfg config.Config, opts Options) (Report, error) {
	rep, _, err := run(ctx, fsys, cfg, opts)
	return rep, err
}

// run is Run, which also returns the ids of every active change (RunAll
// checks each of them).
func run(ctx context.Context, fsys fs.FS, cfg config.Config, opts Options) (Report, []string, error) {
	if err := ctx.Err(); err != nil {
		return Report{}, nil, err
	}
	sc, err := validate.Resolve(fsys, cfg, opts.Changes, opts.Units)
	if err != nil {
		return Report{}, nil, err
	}
	changes := sc.Changes
	checked := validate.CheckSpecs(cfg, &sc)
	read, err := validate.ReadContracts(fsys, sc.Units)
	if err != nil {
		return Report{}, nil, err
	}
	// Gather, then decide: the adapter evidence for every test type in
	// scope, then each entry's plan as a pure function of it.
	env := opts.Env
	env.Wrapper, env.Strict = cfg.Wrapper, opts.Strict
	detected := adapter.Gathered(ctx, fsys, cfg, opts.Drivers, env.Process, env.Dir, opts.ProbeCache, validate.TestTypes(read), opts.Exec != nil)
	// A cancellation during the adapter probes (a slow `pytest --version`)
	// left their evidence incomplete: the findings drawn from it, such as
	// missing-adapter, would be false. The run was interrupted (issue 9).
	if err := ctx.Err(); err != nil {
		return Report{}, nil, err
	}
	// What the staleness check needs of the contracts read is taken now:
	// past validation only the ready units' contracts stay (issue 40).
	st := validate.Staleness(cfg, sc, read)
	v := validate.Validate(cfg, sc, checked, read, detected.Router(cfg))
	v.Findings = append(v.Findings, detected.ProbeTimeouts(cfg, config.Path)...)
	v.Findings = append(v.Findings, validate.ExpireWaivers(v.Waived, opts.Today)...)
	v.Findings = append(v.Findings, validate.ScopeFindings(sc.Corpus, cfg.Scope)...)
	stale, notes, err := validate.Stale(ctx, fsys, st, opts.Spk)
	if err != nil {
		return Report{}, nil, err
	}
	v.Findings, v.Ready = append(v.Findings, stale...), dropStale(v.Ready, stale)
	if opts.Exec == nil && !opts.Mutation {
		// Nothing runs: the report needs only which units are ready, so
		// their contracts and routes go before it is built (issue 40).
		for i := range v.Ready {
			v.Ready[i].Contract, v.Ready[i].Routes = nil, nil
		}
	}
	if len(sc.Units) == 0 {
		f := noScenarios(cfg)
		if sc.Undeployed && len(changes) == 0 {
			f.Message = fmt.Sprintf("nothing deployed yet: %s does not exist (OpenSpec creates it when the first change is archived), and %d active changes are not checked; check them with `ah check --changes all` (or --changes <id>)",
				cfg.Specs, len(sc.Active))
		}
		if len(sc.OutOfScope) > 0 {
			// A scope with no scenario in it never passes (issue 39).
			f = finding.New(finding.EmptyScope, fmt.Sprintf("no scenarios in scope: [scope] in %s leaves out all %d scenarios under %s, so the gate checks nothing; widen its include or narrow its exclude",
				config.Path, len(sc.OutOfScope), cfg.Specs))
			f.SpecPath = config.Path
		}
		v.Findings = append(v.Findings, f)
	}
	out := outcome{scope: sc, v: v, strict: opts.Strict, notes: notes}
	if opts.Shard != nil {
		out.shard = &report.Shard{
			Index: opts.Shard.Index, Total: opts.Shard.Total, Order: []int{},
			Corpus: shard.Digest(fsys, config.Path, digestOf(sc.Corpus)), Selection: shard.Input(opts.Units, opts.Strict, opts.Diff),
			Tree: opts.Shard.Tree, Dirty: opts.Shard.Dirty,
		}
	}
	var invoked []runnable // every ready unit's entries, invoked once
	if opts.Exec != nil || opts.Mutation {
		invoked = invokeAll(cfg.DefaultTimeoutSeconds, v.Ready)
	}
	if opts.Exec != nil {
		ready := invoked
		if opts.Diff != nil {
			contracts := selectionContracts(invoked)
			d := selection.Select(ctx, env.Process, env.Dir, *opts.Diff, contracts, sc.Capabilities(), selection.RulesOf(cfg))
			runs := d.Runs
			if opts.Carry != nil {
				d, out.carried = selection.Carry(d, opts.Carry.Passed, contracts)
				out.carriedFrom = opts.Carry.Tree
				runs = func(key string) bool { return !out.carried[key] }
			}
			ready = slices.DeleteFunc(slices.Clone(invoked), func(r runnable) bool { return !runs(r.Key()) })
			out.picked = &d
		}
		if opts.Carry != nil && opts.Carry.Verify {
			return assemble(out), sc.Active, nil
		}
		jobs, unresolved := plan(ready)
		if out.shard != nil {
			owners := ownerRefs(jobs)
			out.shard.Plan = shard.Plan(owners, out.shard.Total, opts.Durations)
			out.shard.Order, out.elsewhere = shard.Pick(owners, *out.shard, opts.Durations)
			jobs = pickJobs(jobs, out.shard.Order)
		}
		ex := *opts.Exec
		res := execution.Run(ctx, env, jobs, execution.Options{Workers: Workers(cfg.Jobs, ex), Progress: ex.Progress, FailFast: ex.FailFast, Batch: !ex.NoBatch})
		out.ran, out.unresolved, out.qualityPassed = &res, unresolved, qualityPassed(jobs, res.Executions)
	}
	if opts.Mutation && (opts.Shard == nil || opts.Shard.Index == 1) {
		m := quality.Measurement{Tool: cfg.Mutation, Dir: env.Dir, Enable: opts.MutationEnable, ConfigPath: config.Path, Run: toolRunner(env)}
		out.mutation = quality.Measure(ctx, m, mutationContracts(cfg.Wrapper, invoked))
	}
	rep := assemble(out)
	if len(changes) == 0 {
		rep.UncheckedChanges = len(sc.Active)
	}
	return rep, sc.Active, nil
}

// Shard is one slice K of N of a check's test executions (ah check
// --shard K/N): CI machines each run one shard and `ah merge` joins the
// reports (core/shard).
type Shard = report.Shard

// digestOf is what the corpus digest reads of each unit.
func digestOf(units []validate.Unit) []shard.Scenario {
	out := make([]shard.Scenario, len(units))
	for i, u := range units {
		out[i] = shard.Scenario{Capability: u.Capability, SpecPath: u.SpecPath, ID: u.Scenario.ID, Title: u.Scenario.Title, Body: u.Scenario.Body, ContractPath: u.ContractPath}
	}
	return out
}

// ownerRefs are the refs of each job's owners, the job as core/shard
// routes it.
func ownerRefs(jobs []execution.Job) [][]string {
	out := make([][]string, len(jobs))
	for i, j := range jobs {
		for _, b := range j.Owners {
			out[i] = append(out[i], b.Ref())
		}
	}
	return out
}

// pickJobs keeps the jobs at the positions of order.
func pickJobs(jobs []execution.Job, order []int) []execution.Job {
	out := make([]execution.Job, len(order))
	for i, k := range order {
		out[i] = jobs[k]
	}
	return out
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
func Workers(configJobs int, ex Exec) int {
	switch {
	case ex.Jobs > 0:
		return ex.Jobs
	case configJobs > 0:
		return configJobs
	case ex.FailFast:
		return 1
	}
	return min(max(ex.CPUs, 1), MaxDefaultJobs)
}

// plan turns the bindings of the ready units into jobs, merging identical
// invocations. A binding that cannot be invoked gets a finding rather than
// being dropped, so it cannot pass by not running.
func plan(ready []runnable) ([]execution.Job, []finding.Finding) {
	var bindings []execution.Binding
	var invs []execution.Invocation
	var unresolved []finding.Finding
	for _, r := range ready {
		for _, x := range r.entries {
			if x.err != nil {
				f := finding.New(finding.MissingRunner, fmt.Sprintf("%s: %v", r.ContractPath, x.err))
				f.ContractPath = r.ContractPath
				unresolved = append(unresolved, f.WithScenario(r.Capability, r.SpecPath, r.ScenarioRef()))
				continue
			}
			bindings = append(bindings, x.binding)
			invs = append(invs, x.inv)
		}
	}
	return execution.Plan(bindings, invs), unresolved
}

// runnable is a ready unit with its test entries invoked: each binding's
// argv is built once, for selection, the run and the mutation script.
type runnable struct {
	validate.Ready
	entries []invoked
}

// invoked is one test entry of a ready unit, bound to its scenario and
// invoked with its plan; err says why it cannot be invoked.
type invoked struct {
	binding execution.Binding
	inv     execution.Invocation
	err     error
}

// invokeAll binds and invokes each test entry of each ready unit, in
// order; defaultTimeout bounds an entry that sets no timeout_seconds.
func invokeAll(defaultTimeout int, ready []validate.Ready) []runnable {
	out := make([]runnable, len(ready))
	for k, v := range ready {
		tests := v.Contract.Tests()
		entries := make([]invoked, len(tests))
		for i, e := range tests {
			b := execution.Binding{
				Capability: v.Capability, SpecPath: v.SpecPath, ContractPath: v.ContractPath,
				Scenario: v.ScenarioRef(), Entry: e,
			}
			inv, err := execution.Invoke(defaultTimeout, b, v.Routes[i])
			entries[i] = invoked{binding: b, inv: inv, err: err}
		}
		out[k] = runnable{Ready: v, entries: entries}
	}
	return out
}
