package check

import (
	"maps"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/selection"
)

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

// carryOver splits the ready units by the selection d: a contract d skips
// and the snapshot passed is carried; one d skips that the snapshot did
// not pass runs after all (rule not-proven). A fallback skips nothing, so
// it carries nothing.
func carryOver(ready []runnable, d selection.Decision, passed map[string]bool) ([]runnable, selection.Decision, map[string]bool) {
	carried := map[string]bool{}
	skip := []string{}
	for _, k := range d.Skipped {
		if passed[k] {
			carried[k] = true
			skip = append(skip, k)
			continue
		}
		d.SelectedContracts = append(d.SelectedContracts, k)
		d.Reasons = append(d.Reasons, selection.Reason{Contract: k, Rule: selection.RuleNotProven, Detail: "the snapshot holds no pass of it"})
	}
	d.Skipped = skip
	slices.Sort(d.SelectedContracts)
	slices.SortFunc(d.Reasons, func(a, b selection.Reason) int { return strings.Compare(a.Contract, b.Contract) })
	caps := map[string]bool{}
	kept := slices.DeleteFunc(slices.Clone(ready), func(r runnable) bool { return carried[r.Key()] })
	for _, v := range kept {
		caps[v.Capability] = true
	}
	d.Selected = slices.Sorted(maps.Keys(caps))
	if d.Selected == nil {
		d.Selected = []string{}
	}
	return kept, d, carried
}
