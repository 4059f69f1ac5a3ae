package check

import (
	"maps"
	"slices"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/report"
	"github.com/espectacular/ah/core/selection"
)

// narrow keeps the ready units the changed files select (issue 13). It
// runs after validation, so the structural gate still covers the full
// scope: only execution is narrowed.
func narrow(cfg config.Config, sc resolved, ready []validated, ch selection.Changes) ([]validated, selection.Decision) {
	contracts := make([]selection.Contract, 0, len(ready))
	for _, v := range ready {
		c := selection.Contract{Key: v.Key(), Capability: v.Capability}
		for _, e := range v.Contract.Tests {
			c.Named = append(c.Named, selection.Named(e.Flags)...)
			c.Named = append(c.Named, selection.Named(e.Command)...)
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
	d := selection.Decide(ch, contracts, slices.Sorted(maps.Keys(known)), selection.RulesOf(cfg))
	kept := slices.DeleteFunc(slices.Clone(ready), func(v validated) bool { return !d.Runs(v.Key()) })
	return kept, d
}

// unselected marks the units whose tests the selection skipped as valid
// without bindings: checked, not run, neither passed nor failed.
func unselected(units []report.Unit, d selection.Decision) {
	for i, u := range units {
		if u.Status != report.UnitInvalid && !d.Runs(u.Capability+"/"+u.Scenario.ID) {
			units[i].Status, units[i].Bindings = report.UnitValid, nil
		}
	}
}
