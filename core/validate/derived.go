package validate

import (
	"context"
	"fmt"
	"io/fs"
	"slices"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/derivation"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/slug"
	"github.com/espectacular/ah/ports"
)

// derivedScope is what property-derived contracts add to a scope (issue
// 14). It is empty unless a spec is dual format with Properties rows, so
// every other corpus checks exactly as before (C-plain-unaffected).
type derivedScope struct {
	// alive are the contract paths of existing Properties rows: never
	// orphans, whether or not a scenario links them.
	alive map[string]bool
}

// coverLinked redirects each scenario with a VERIFIES link to an existing
// property, whose derived contract exists, to that contract (the first
// such link wins; C-verifies-covers). A scenario without a link keeps its
// own contract (C-unlinked-unchanged); so does one whose property has no
// derived contract yet, as in the Rust ah. A link to a missing property is
// recorded on the unit as dangling.
func coverLinked(fsys fs.FS, cfg config.Config, r *Resolved) error {
	sources, err := derivation.Sources(fsys, r.files, cfg.SpecBytes())
	if err != nil || len(sources) == 0 {
		return err
	}
	r.derived.alive = map[string]bool{}
	bySpec := map[string]derivation.Source{}
	for _, s := range sources {
		bySpec[s.SpecPath] = s
		for _, p := range s.Properties {
			r.derived.alive[derivation.ContractPath(s.Capability, p)] = true
		}
	}
	texts := map[string]string{}
	for i, u := range r.Units {
		src, ok := bySpec[u.SpecPath]
		if !ok {
			continue
		}
		for _, p := range derivation.Verifies(u.Scenario.Body, src.FileID) {
			if !slices.Contains(src.Properties, p) {
				l := r.Units[i].linked()
				l.dangling = append(l.dangling, p)
				continue
			}
			cp := derivation.ContractPath(src.Capability, p)
			if r.Units[i].Property == "" && slices.Contains(r.contracts, cp) {
				r.Units[i].Property, r.Units[i].ContractPath = p, cp
				r.Units[i].linked().propertyLine, err = propertyLine(fsys, cfg, texts, u.SpecPath, p)
				if err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// contractID is the id the unit's contract must declare: the scenario id,
// or the slug of the property whose derived contract covers it.
func (u Unit) contractID() string {
	if u.Property != "" {
		return slug.ASCII(u.Property)
	}
	return u.Scenario.ID
}

// danglingFindings report the unit's VERIFIES links to properties its spec
// does not have.
func danglingFindings(u Unit) []finding.Finding {
	var out []finding.Finding
	for _, p := range u.Dangling() {
		f := unitFinding(u, finding.VerifiesDangling, fmt.Sprintf(
			"scenario %q links property %s (- **VERIFIES**) but %s has no Properties row %s: fix the link, or add the row and run `ah sync`",
			u.Scenario.Title, p, u.SpecPath, p))
		f.ContractPath = ""
		out = append(out, f)
	}
	return out
}

// idMismatch words id-mismatch; a derived contract's id is its property's
// slug, not the covered scenario's id.
func idMismatch(u Unit, got, want string) string {
	if u.Property != "" {
		return fmt.Sprintf("%s has id = %q but it is the derived contract of property %s: set id = %q (or run `ah sync`)", u.ContractPath, got, u.Property, want)
	}
	return fmt.Sprintf("%s has id = %q but its scenario's id is %q: set id = %q", u.ContractPath, got, want, want)
}

// Stale is the contract-stale stage (derivation.StaleFindings) over the
// contracts of r's units, which were read already (read[i] is
// r.Units[i]'s): a finding attaches to the first unit a contract covers.
// spk parses dual-format specs; nil skips the check.
func Stale(ctx context.Context, fsys fs.FS, cfg config.Config, r Resolved, read []ReadContract, spk ports.Spk) ([]finding.Finding, []string, error) {
	st := derivation.Staleness{
		SpecsDir: cfg.Specs, SpkPin: cfg.Spk.Version, Contracts: r.contracts,
		Read: make(map[string][]byte, len(read)), Owners: make(map[string]derivation.Owner, len(r.Units)),
	}
	for i, u := range r.Units {
		if read[i].read {
			st.Read[u.ContractPath] = read[i].derived
		}
		if _, ok := st.Owners[u.ContractPath]; !ok {
			st.Owners[u.ContractPath] = derivation.Owner{Capability: u.Capability, SpecPath: u.SpecPath, Scenario: scenarioOf(u.Scenario)}
		}
	}
	return derivation.StaleFindings(ctx, fsys, st, spk)
}
