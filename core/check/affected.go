package check

import (
	"context"
	"maps"
	"slices"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/core/selection"
	"github.com/espectacular/ah/core/shellword"
	"github.com/espectacular/ah/ports"
)

// affected keeps the ready units the changed files affect (ah check
// --files, --base; issues 13, 25). It runs after validation, so the
// structural gate still covers the full scope: only execution is narrowed.
// Units it drops are reported valid, not run (assemble.go).
func affected(ctx context.Context, cfg config.Config, sc resolved, ready []validated, ch selection.Diff, env execution.Env) ([]validated, selection.Decision) {
	contracts := make([]selection.Contract, 0, len(ready))
	for _, v := range ready {
		c := selection.Contract{Key: v.Key(), Capability: v.Capability}
		for i, e := range v.Contract.Tests {
			c.Bindings = append(c.Bindings, bindingOf(e, v.plans[i]))
		}
		contracts = append(contracts, c)
	}
	known := map[string]bool{}
	for _, u := range sc.units {
		known[u.Capability] = true
	}
	for _, f := range sc.files {
		known[f.Capability] = true
	}
	d := selection.Select(ctx, env.Process, env.Dir, ch, contracts, slices.Sorted(maps.Keys(known)), selection.RulesOf(cfg))
	kept := slices.DeleteFunc(slices.Clone(ready), func(v validated) bool { return !d.Runs(v.Key()) })
	return kept, d
}

// bindingOf is what selection needs of a binding: its framework, its
// invocation and the framework's dependency graph when the driver has one.
func bindingOf(e contract.Entry, p adapter.Plan) selection.Binding {
	b := selection.Binding{Framework: e.Type}
	switch p.Kind {
	case adapter.Shell:
		return b
	case adapter.Framework:
		b.Framework = p.Driver.Framework().Name
		b.Grapher, _ = p.Driver.(ports.Grapher)
	case adapter.Envelope:
		b.Framework = contract.CustomType
	}
	flags, err := shellword.Split(e.Flags)
	if err != nil {
		b.Grapher = nil
	}
	b.Argv = append(slices.Clone(p.Command), flags...)
	return b
}
