package check

import (
	"context"
	"maps"
	"slices"
	"time"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/derivation"
	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/quality"
	"github.com/espectacular/ah/core/selection"
)

// mutationContracts are the ready units as mutation measurement reads
// them: each contract's declared tests as the script runs them, the
// wrapper first; an entry that cannot be invoked is left to --run-tests to
// report.
func mutationContracts(wrapper []string, ready []runnable) []quality.Contract {
	out := make([]quality.Contract, 0, len(ready))
	for _, r := range ready {
		sc := scenarioOf(r.Scenario)
		c := quality.Contract{
			Target:   quality.Target{Capability: r.Capability, SpecPath: r.SpecPath, ContractPath: r.ContractPath, Scenario: &sc},
			Mutation: *r.Contract.Mutation,
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
			c.Bindings = append(c.Bindings, selection.BindingOf(x.binding.Entry.Type, r.routes[i], argv))
		}
		out = append(out, c)
	}
	return out
}

// capabilities are every capability the scope knows, units' and spec
// files', sorted: a changed file under another one's directory is not
// accounted for.
func capabilities(r resolved) []string {
	known := map[string]bool{}
	for _, u := range r.units {
		known[u.Capability] = true
	}
	for _, f := range r.files {
		known[f.Capability] = true
	}
	return slices.Sorted(maps.Keys(known))
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

// staleness is what the contract-stale check reads: the contracts of r's
// units were read already (read[i] is r.units[i]'s), and a finding
// attaches to the first unit a contract covers.
func staleness(cfg config.Config, r resolved, read []readContract) derivation.Staleness {
	st := derivation.Staleness{
		SpecsDir: cfg.Specs, SpkPin: cfg.Spk.Version, Contracts: r.contracts,
		Read: make(map[string][]byte, len(read)), Owners: make(map[string]derivation.Owner, len(r.units)),
	}
	for i, u := range r.units {
		if read[i].read {
			st.Read[u.ContractPath] = read[i].derived
		}
		if _, ok := st.Owners[u.ContractPath]; !ok {
			st.Owners[u.ContractPath] = derivation.Owner{Capability: u.Capability, SpecPath: u.SpecPath, Scenario: scenarioOf(u.Scenario)}
		}
	}
	return st
}

// dropStale keeps stale contracts' tests from running: a structural
// finding blocks its contract.
func dropStale(ready []validated, stale []finding.Finding) []validated {
	if len(stale) == 0 {
		return ready
	}
	return slices.DeleteFunc(ready, func(v validated) bool {
		return slices.ContainsFunc(stale, func(f finding.Finding) bool { return f.ContractPath == v.ContractPath })
	})
}

// testTypes are the test types the contracts in scope declare, sorted:
// those whose entries will be routed (their contract has no blocking
// problem).
func testTypes(read []readContract) []string {
	seen := map[string]bool{} // a few types, however many contracts
	for _, r := range read {
		if !r.ok {
			continue
		}
		for _, e := range r.contract.Tests {
			seen[e.Type] = true
		}
	}
	return slices.Sorted(maps.Keys(seen))
}
