package check

import (
	"context"
	"slices"
	"time"

	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/quality"
	"github.com/espectacular/ah/core/selection"
	"github.com/espectacular/ah/core/validate"
)

// mutationContracts are the ready units as mutation measurement reads
// them: each contract's declared tests as the script runs them, the
// wrapper first; an entry that cannot be invoked is left to --run-tests to
// report.
func mutationContracts(wrapper []string, ready []runnable) []quality.Contract {
	out := make([]quality.Contract, 0, len(ready))
	for _, r := range ready {
		sc := r.ScenarioRef()
		c := quality.Contract{
			Target:   quality.Target{Capability: r.Capability, SpecPath: r.SpecPath, ContractPath: r.ContractPath, Scenario: &sc},
			Mutation: r.Contract.Mutation(),
		}
		for _, x := range r.entries {
			if x.err != nil {
				continue
			}
			argv := append(append([]string{}, wrapper...), x.inv.Argv...)
			c.Tests = append(c.Tests, quality.Test{Argv: argv, Env: x.inv.Env})
		}
		out = append(out, c)
	}
	return out
}

// selectionContracts are the ready units as change selection reads them
// (ah check --files, --base; issues 13, 25), each binding with the argv
// execution.Invoke built. Selection runs after validation, so the
// structural gate still covers the full scope: only execution is
// narrowed, and the units it drops are reported valid, not run.
func selectionContracts(ready []runnable) []selection.Contract {
	out := make([]selection.Contract, 0, len(ready))
	for _, r := range ready {
		c := selection.Contract{Key: r.Key(), Capability: r.Capability}
		for i, x := range r.entries {
			var argv []string
			if x.err == nil {
				argv = x.inv.Argv
			}
			c.Bindings = append(c.Bindings, selection.BindingOf(x.binding.Entry.Type, r.Routes[i], argv))
		}
		out = append(out, c)
	}
	return out
}

// toolRunner runs the mutation tool through execution, like every
// process of a check.
func toolRunner(env execution.Env) quality.Runner {
	return func(ctx context.Context, argv func(string) []string, files map[string][]byte, timeout time.Duration, maxStdout int) quality.Run {
		tr := execution.RunTool(ctx, env, execution.Tool{Argv: argv, Files: files, Timeout: timeout, MaxStdout: maxStdout})
		return quality.Run{Result: tr.Result, StartErr: tr.StartErr, Stdout: tr.Stdout}
	}
}

// qualityPassed lists the info findings of passing property and snapshot
// entries: jobs and execs are the planned jobs and their results, in the
// same order (execution.Run gives every job one execution, run or not).
func qualityPassed(jobs []execution.Job, execs []execution.Execution) []finding.Finding {
	var out []finding.Finding
	for i, j := range jobs {
		for _, b := range j.Owners {
			t := quality.Target{Capability: b.Capability, SpecPath: b.SpecPath, ContractPath: b.ContractPath, Scenario: &b.Scenario}
			if f, ok := quality.Passed(t, b.Entry.Type, b.Entry.Index, execs[i]); ok {
				out = append(out, f)
			}
		}
	}
	return out
}

// dropStale keeps stale contracts' tests from running: a structural
// finding blocks its contract.
func dropStale(ready []validate.Ready, stale []finding.Finding) []validate.Ready {
	if len(stale) == 0 {
		return ready
	}
	return slices.DeleteFunc(ready, func(v validate.Ready) bool {
		return slices.ContainsFunc(stale, func(f finding.Finding) bool { return f.ContractPath == v.ContractPath })
	})
}
