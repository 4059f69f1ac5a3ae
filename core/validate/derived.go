package validate

import (
	"context"
	"fmt"
	"io/fs"

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
