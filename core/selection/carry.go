package selection

import (
	"maps"
	"slices"
	"strings"
)

// Carry splits the decision d by the passes of an evidence snapshot
// (issue 41): a contract d skips and the snapshot passed is carried; one
// d skips that the snapshot did not pass runs after all (rule
// not-proven). A fallback skips nothing, so it carries nothing. ready are
// the contracts d was drawn from; the decision's capabilities become
// those of the contracts that still run. It returns the decision and the
// carried contract keys.
func Carry(d Decision, passed map[string]bool, ready []Contract) (Decision, map[string]bool) {
	carried := map[string]bool{}
	skip := []string{}
	for _, k := range d.Skipped {
		if passed[k] {
			carried[k] = true
			skip = append(skip, k)
			continue
		}
		d.SelectedContracts = append(d.SelectedContracts, k)
		d.Reasons = append(d.Reasons, Reason{Contract: k, Rule: RuleNotProven, Detail: "the snapshot holds no pass of it"})
	}
	d.Skipped = skip
	slices.Sort(d.SelectedContracts)
	slices.SortFunc(d.Reasons, func(a, b Reason) int { return strings.Compare(a.Contract, b.Contract) })
	caps := map[string]bool{}
	for _, c := range ready {
		if !carried[c.Key] {
			caps[c.Capability] = true
		}
	}
	d.Selected = slices.Sorted(maps.Keys(caps))
	if d.Selected == nil {
		d.Selected = []string{}
	}
	return d, carried
}
