package validate

import (
	"slices"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/spec"
	"github.com/espectacular/ah/core/unit"
)

// limitUnits limits a resolved scope to the units the arguments of ah
// check name (unit.Select, shared with ah sync): a whole capability (with
// the capabilities nested under it), or one scenario as
// <capability>/<scenario-id>. Contracts are
// kept (for orphan checks) only in whole capabilities, and near-miss
// headings only in their files. It returns how many units were left out,
// so the summary counts them as skipped, never as passed. No args selects
// everything.
func limitUnits(r Resolved, args []string) (Resolved, int, error) {
	if len(args) == 0 {
		return r, 0, nil
	}
	caps, keys := map[string]bool{}, map[string]bool{}
	for _, u := range r.Units {
		caps[u.Capability], keys[u.Key()] = true, true
	}
	for _, f := range r.files {
		caps[f.Capability] = true
	}
	sel, err := unit.Select(caps, keys, args)
	if err != nil {
		return r, 0, err
	}
	out := narrow(r, sel.Has, func(capability, _ string) bool { return sel.Whole(capability) }, sel.Whole)
	return out, len(r.Units) - len(out.Units), nil
}

// narrow keeps the units (and collisions, overlay findings) whose
// capability and key in accepts, the contracts whose capability and
// scenario id keep accepts (the others are no orphans of this scope), and
// the spec files of the capabilities file accepts.
func narrow(r Resolved, in func(capability, key string) bool, keep func(capability, id string) bool, file func(capability string) bool) Resolved {
	out := Resolved{derived: r.derived, overlay: r.overlay, treeFindings: r.treeFindings}
	out.overlay.findings = slices.DeleteFunc(slices.Clone(r.overlay.findings), func(f finding.Finding) bool {
		id := ""
		if f.Scenario != nil {
			id = f.Scenario.ID
		}
		return !in(f.Spec, f.Spec+"/"+id)
	})
	for _, u := range r.Units {
		if in(u.Capability, u.Key()) {
			out.Units = append(out.Units, u)
		}
	}
	for _, c := range r.collisions {
		if in(c.capability, c.capability+"/"+c.Second.ID) {
			out.collisions = append(out.collisions, c)
		}
	}
	for _, p := range r.contracts {
		if capability, id, _ := contract.Split(config.Dir, p); keep(capability, id) {
			out.contracts = append(out.contracts, p)
		}
	}
	out.files = slices.DeleteFunc(slices.Clone(r.files), func(f spec.File) bool { return !file(f.Capability) })
	return out
}
