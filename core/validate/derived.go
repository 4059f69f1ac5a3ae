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

// coverLinked redirects each scenario with a VERIFIES link to an existing
// property, whose derived contract exists, to that contract, and records
// its dangling links (derivation.Cover); r.derived keeps the contract
// paths of the existing Properties rows.
func coverLinked(fsys fs.FS, cfg config.Config, r *Resolved) error {
	cov, err := derivation.Cover(fsys, r.files, cfg.SpecBytes(), r.contracts, len(r.Units), func(i int) (string, string) {
		return r.Units[i].SpecPath, r.Units[i].Scenario.Body
	})
	if err != nil {
		return err
	}
	r.derived = cov.Alive
	for i, l := range cov.Links {
		u := &r.Units[i]
		if l.Property != "" {
			u.Property, u.ContractPath = l.Property, l.ContractPath
			u.linked().propertyLine = l.Line
		}
		if l.Dangling != nil {
			u.linked().dangling = l.Dangling
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

// Staleness is what the contract-stale check reads: the contracts of r's
// units were read already (read[i] is r.Units[i]'s) and only those that
// record derived_from are passed on, with the contracts in scope no unit
// read; a finding attaches to the first unit a contract covers. It is
// taken before Validate: past validation only the ready units' contracts
// stay (issue 40).
func Staleness(cfg config.Config, r Resolved, read []ReadContract) derivation.Staleness {
	st := derivation.Staleness{SpecsDir: cfg.Specs, SpkPin: cfg.Spk.Version}
	inScope := func(p string) bool { _, ok := slices.BinarySearch(r.contracts, p); return ok }
	// The paths read, sorted: one string header per unit, the strings
	// shared, where a map by path was a fifth of a large check's peak heap
	// (issue 40).
	var wasRead []string
	for i, u := range r.Units {
		if !read[i].read {
			continue
		}
		wasRead = append(wasRead, u.ContractPath)
		if d := read[i].derived; d != nil && inScope(d.Path) {
			st.Recorded = append(st.Recorded, *d)
		}
	}
	slices.Sort(wasRead)
	for _, p := range r.contracts {
		if _, ok := slices.BinarySearch(wasRead, p); !ok {
			st.Unread = append(st.Unread, p)
		}
	}
	if len(st.Recorded) == 0 && len(st.Unread) == 0 {
		return st
	}
	owned := make(map[string]bool, len(st.Recorded)+len(st.Unread))
	for _, d := range st.Recorded {
		owned[d.Path] = true
	}
	for _, p := range st.Unread {
		owned[p] = true
	}
	st.Owners = map[string]derivation.Owner{}
	for _, u := range r.Units {
		if _, ok := st.Owners[u.ContractPath]; !ok && owned[u.ContractPath] {
			st.Owners[u.ContractPath] = derivation.Owner{Capability: u.Capability, SpecPath: u.SpecPath, Scenario: scenarioOf(u.Scenario)}
		}
	}
	return st
}

// Stale is the contract-stale stage (derivation.StaleFindings) over st
// (Staleness). spk parses dual-format specs; nil skips the check.
func Stale(ctx context.Context, fsys fs.FS, st derivation.Staleness, spk ports.Spk) ([]finding.Finding, []string, error) {
	return derivation.StaleFindings(ctx, fsys, st, spk)
}

// untestedProperty is the no-tests-declared finding of a derived contract
// without tests. Seed 004 "Cover linked scenario" (issue 27): a scenario a
// VERIFIES link covers emits no no-tests-declared; the missing tests are
// the property's matter, so the finding names its Properties row and no
// scenario, once however many scenarios the contract covers (dedupe).
func untestedProperty(u Unit) finding.Finding {
	where := u.SpecPath
	if line := u.PropertyLine(); line > 0 {
		where = fmt.Sprintf("%s:%d", u.SpecPath, line)
	}
	f := finding.New(finding.NoTestsDeclared, fmt.Sprintf(
		"property %s (%s) has a derived contract, %s, that declares no tests: add a [[tests.<type>]] entry that runs the test proving the property; the scenarios linking it (- **VERIFIES**) are covered by it",
		u.Property, where, u.ContractPath))
	f.Spec, f.SpecPath, f.ContractPath = u.Capability, u.SpecPath, u.ContractPath
	return f
}
