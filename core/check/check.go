package check

import (
	"context"
	"errors"
	"fmt"
	"io/fs"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/report"
	"github.com/espectacular/ah/ports"
)

// Options select what a check does.
type Options struct {
	// Changes are the change ids to overlay (sorted and deduplicated).
	Changes []string
	// Exec, when set, runs the tests of every contract without a
	// structural finding (ah check --run-tests).
	Exec *Exec
	// Adapters, when set, enables adapter detection and adapter runs
	// (adapters.go); without it adapter-typed tests need a [runners] entry.
	Adapters *Adapters
}

// Exec configures test execution.
type Exec struct {
	Process ports.Process
	// Dir is the absolute repository root: every test runs there.
	Dir string
	// Jobs bounds parallel processes; zero means the config's value.
	Jobs     int
	Timings  bool
	Progress execution.Progress
	// Scratch holds adapter report files; Getenv reads ah's environment
	// for path lists a driver extends (PYTHONPATH).
	Scratch ports.Scratch
	Getenv  func(string) string
}

// Report is the result of a check (see core/report).
type Report = report.Report

// Run performs a structural check of the repository in fsys.
func Run(ctx context.Context, fsys fs.FS, cfg config.Config, opts Options) (Report, error) {
	if err := ctx.Err(); err != nil {
		return Report{}, err
	}
	r, err := resolve(fsys, cfg)
	if err != nil {
		return Report{}, err
	}
	decide := newDecider(ctx, fsys, cfg, opts.Adapters, opts.Exec != nil)
	findings, ready, err := structural(fsys, cfg, r, decide)
	if err != nil {
		return Report{}, err
	}
	rep := Report{
		Scope:    Scope{Deployed: true, Changes: append([]string{}, opts.Changes...)},
		Warnings: r.warnings,
	}
	passed := 0
	if opts.Exec != nil {
		res, err := execute(ctx, cfg, *opts.Exec, ready, decide, opts.Adapters)
		if err != nil {
			return Report{}, err
		}
		findings = append(findings, res.Findings...)
		passed = res.Passed
		execs := res.Executions
		if execs == nil {
			execs = []execution.Execution{}
		}
		rep.Executions = &execs
		rep.Interrupted = res.Interrupted
	}
	finding.Sort(findings)
	if findings == nil {
		findings = []finding.Finding{}
	}
	rep.Findings = findings
	rep.Summary = finding.Summarize(findings, len(r.units), passed)
	return rep, nil
}

// execute runs the bindings of the validated units.
func execute(ctx context.Context, cfg config.Config, ex Exec, ready []validated, decide decider, a *Adapters) (execution.Results, error) {
	var drivers []ports.Driver
	if a != nil {
		drivers = a.Drivers
	}
	var bindings []execution.Binding
	var invs []execution.Invocation
	var unresolved []finding.Finding
	for _, v := range ready {
		for _, e := range v.Contract.Tests {
			b := execution.Binding{
				Capability: v.Capability, SpecPath: v.SpecPath, ContractPath: v.ContractPath,
				Scenario: scenarioOf(v.Scenario), Entry: e,
			}
			inv, err := invocation(cfg, decide, drivers, b)
			if err != nil {
				// Structural checks should have caught this; never drop a
				// binding silently, so it cannot pass by not running.
				f := finding.New(finding.MissingRunner, fmt.Sprintf("%s: %v", v.ContractPath, err))
				f.ContractPath = v.ContractPath
				unresolved = append(unresolved, f.WithScenario(v.Capability, v.SpecPath, scenarioOf(v.Scenario)))
				continue
			}
			bindings = append(bindings, b)
			invs = append(invs, inv)
		}
	}
	jobs := execution.Plan(bindings, invs)
	workers := ex.Jobs
	if workers == 0 {
		workers = cfg.Jobs
	}
	cleanup, err := execution.Prepare(ctx, ex.Scratch, jobs, ex.Getenv)
	if err != nil {
		return execution.Results{}, err
	}
	defer cleanup()
	outcomes := execution.Schedule(ctx, ex.Process, ex.Dir, jobs, workers, ex.Progress)
	execution.Collect(ex.Scratch, ex.Dir, jobs, outcomes)
	res := execution.Judge(jobs, outcomes, ex.Timings)
	res.Findings = append(res.Findings, unresolved...)
	return res, nil
}

func isNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }
