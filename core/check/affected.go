package check

import (
	"maps"
	"slices"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/selection"
)

// affected keeps the ready units the changed files affect (ah check
// --files, --base; issue 13). It runs after validation, so the structural
// gate still covers the full scope: only execution is narrowed. Units it
// drops are reported valid, not run (assemble.go).
func affected(cfg config.Config, sc resolved, ready []validated, ch selection.Changes) ([]validated, selection.Decision) {
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
