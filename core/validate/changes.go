package validate

import (
	"fmt"
	"io/fs"
	"maps"
	"slices"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/overlay"
	"github.com/espectacular/ah/core/spec"
)

// overlayState is what the change overlays add to a resolved scope.
type overlayState struct {
	// findings are overlay-conflict and staged orphan-toml findings.
	findings []finding.Finding
	// claimed are deployed contracts that are no orphans in the overlay.
	claimed map[string]bool
	// keys are the "<capability>/<scenario-id>" of the whole scope, before
	// any unit selection: superseded_by may name any of them. Nil without
	// --changes: in the deployed scope alone the replacement may still be
	// a proposal, so superseded_by is checked only in an overlay.
	keys map[string]bool
}

// withChanges applies the selected changes (core/overlay) to the deployed
// scope: the capabilities they touch get the overlay's scenarios and
// active contracts; the others keep their deployed units.
func withChanges(fsys fs.FS, cfg config.Config, r Resolved, ids []string) (Resolved, error) {
	r.overlay.findings = append(r.overlay.findings, overlay.ReservedCapabilities(r.files)...)
	if len(ids) > 0 {
		changes, err := overlay.Load(fsys, cfg.Changes, cfg.SpecBytes(), ids)
		if err != nil {
			return r, err
		}
		res := overlay.Apply(r.files, r.contracts, changes)
		r.Units = overlaid(r.Units, res.Scopes)
		read := make(map[string]bool, len(r.Units))
		for _, u := range r.Units {
			read[u.ContractPath] = true
		}
		r.overlay.findings = append(r.overlay.findings, overlay.RefusedStaged(changes, read)...)
		r.files = append(r.files, res.Files...)
		for _, c := range res.Collisions {
			col := collision{capability: c.Capability, specPath: c.SpecPath, contract: c.ContractPath, Collision: c.Collision}
			if i := slices.IndexFunc(r.files, func(f spec.File) bool { return f.Path == c.SpecPath }); i >= 0 {
				col.qualified, col.requirement = r.files[i].Doc.Qualification(c.Collision)
			}
			r.collisions = append(r.collisions, col)
		}
		r.overlay.findings = append(r.overlay.findings, res.Findings...)
		r.overlay.claimed = res.Claimed
		r.overlay.keys = map[string]bool{}
		for _, u := range r.Units {
			r.overlay.keys[u.Key()] = true
		}
	}
	return r, nil
}

// overlaid replaces the units of the touched capabilities by their
// overlay scenarios, keeping capabilities in sorted order.
func overlaid(units []Unit, scopes map[string][]overlay.Located) []Unit {
	byCap := map[string][]Unit{}
	for _, u := range units {
		byCap[u.Capability] = append(byCap[u.Capability], u)
	}
	for capability, list := range scopes {
		us := make([]Unit, len(list))
		for i, s := range list {
			us[i] = Unit{Capability: capability, SpecPath: s.SpecPath, Scenario: s.Scenario, ContractPath: s.ContractPath}
		}
		byCap[capability] = us
	}
	var out []Unit
	for _, capability := range slices.Sorted(maps.Keys(byCap)) {
		out = append(out, byCap[capability]...)
	}
	return out
}

// missingReplacement checks that a superseded contract's superseded_by
// names a scenario of the same capability in the resolved scope.
func missingReplacement(r Resolved, v Ready) (finding.Finding, bool) {
	c := v.Contract
	if r.overlay.keys == nil || c == nil || c.SupersededBy() == "" || r.overlay.keys[v.Capability+"/"+c.SupersededBy()] {
		return finding.Finding{}, false
	}
	return unitFinding(*v.Unit, finding.MissingReplacement, fmt.Sprintf(
		"%s is superseded by %q, but capability %q has no scenario %q in scope: add the replacement scenario (in the spec, or in a change selected with --changes), or fix superseded_by",
		v.ContractPath, c.SupersededBy(), v.Capability, c.SupersededBy())), true
}
