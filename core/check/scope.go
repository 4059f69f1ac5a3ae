package check

import (
	"errors"
	"io/fs"
	"slices"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/overlay"
	"github.com/espectacular/ah/core/report"
	"github.com/espectacular/ah/core/spec"
)

// Scope says what was checked.
type Scope = report.Scope

// Unit is one scenario in scope together with the place its contract must
// live. Overlays (change proposals) add units or retarget them; the
// correspondence checks work on units only.
type Unit struct {
	Capability string
	SpecPath   string
	Scenario   spec.Scenario
	// ContractPath is where the scenario's contract is expected.
	ContractPath string
	// Property, when set, is the property whose derived contract covers
	// the scenario (a VERIFIES link); ContractPath is then that contract.
	Property string
	// links are the rest of the unit's VERIFIES links, nil for a unit
	// without any: one unit is held per scenario, so what few units have
	// is kept apart (issue 40).
	links *links
}

// links are what a unit's VERIFIES links say beyond its Property
// (derived.go).
type links struct {
	// propertyLine is the line of Property's row in SpecPath: an untested
	// derived contract is reported there, never against the scenarios it
	// covers (issue 27).
	propertyLine int
	// dangling are linked properties the spec does not have.
	dangling []string
}

// PropertyLine is the line of Property's row in SpecPath, 0 when unknown.
func (u Unit) PropertyLine() int {
	if u.links == nil {
		return 0
	}
	return u.links.propertyLine
}

// Dangling are the properties the unit links that its spec does not have.
func (u Unit) Dangling() []string {
	if u.links == nil {
		return nil
	}
	return u.links.dangling
}

// linked is u's links, made when it has none.
func (u *Unit) linked() *links {
	if u.links == nil {
		u.links = &links{}
	}
	return u.links
}

// Key identifies a unit's contract slot.
func (u Unit) Key() string { return u.Capability + "/" + u.Scenario.ID }

// resolved is the outcome of scope resolution.
type resolved struct {
	units      []Unit
	collisions []collision
	// contracts are all contract files found in scope, repository-relative.
	contracts []string
	// files are the discovered spec files, for checks over their structure.
	files []spec.File
	// refused are the paths under .espectacular not read (unreadable-path).
	refused []finding.Finding
	derived derivedScope
	// overlay is what selected changes add (changes.go).
	overlay overlayState
	// undeployed: the specs directory does not exist yet but changes do
	// (issue 39: a new OpenSpec project before its first archive).
	undeployed bool
}

type collision struct {
	capability, specPath string
	// contract is where the colliding scenario's contract lives.
	contract string
	spec.Collision
}

// resolve discovers deployed scenarios and the contract files that belong to
// the deployed scope.
func resolve(fsys fs.FS, cfg config.Config) (resolved, error) {
	var r resolved
	// The contracts are listed while the specs are read: neither needs
	// the other, and a processor would otherwise wait (issue 29).
	type listing struct {
		paths   []string
		refused []finding.Finding
		err     error
	}
	listed := make(chan listing, 1)
	go func() {
		var l listing
		l.paths, l.refused, l.err = deployedContracts(fsys, cfg.Specs)
		listed <- l
	}()
	files, err := spec.DiscoverLimit(fsys, cfg.Specs, cfg.SpecBytes())
	l := <-listed
	if err != nil {
		err = spec.DirErrorIn(fsys, cfg.Specs, err)
		de, missing := errors.AsType[*spec.DirError](err)
		if !missing || de.NotDir || de.Store != "" || len(overlay.IDs(fsys, cfg.Changes)) == 0 {
			return r, err
		}
		// Nothing archived yet: the changes are all there is to check.
		r.undeployed, files = true, nil
	}
	if cfg.QualifyCollidingIDs {
		files = spec.Qualify(files)
	}
	r.files = files
	n := 0
	for _, f := range files {
		n += len(f.Scenarios)
	}
	r.units = make([]Unit, 0, n)
	for _, f := range files {
		unique, cols := spec.Dedupe(f.Scenarios)
		for _, s := range unique {
			r.units = append(r.units, Unit{
				Capability:   f.Capability,
				SpecPath:     f.Path,
				Scenario:     s,
				ContractPath: shared(l.paths, contract.Path(config.Dir, f.Capability, s.ID)),
			})
		}
		for _, c := range cols {
			r.collisions = append(r.collisions, collision{f.Capability, f.Path, contract.Path(config.Dir, f.Capability, c.Second.ID), c})
		}
	}
	r.contracts, r.refused = l.paths, l.refused
	if l.err != nil {
		return r, l.err
	}
	return r, coverLinked(fsys, cfg, &r)
}

// shared is p, as the string of the sorted listing paths when it is
// there: a unit and the listing then share one copy of the path (issue 40).
func shared(paths []string, p string) string {
	if i, ok := slices.BinarySearch(paths, p); ok {
		return paths[i]
	}
	return p
}

// deployedContracts lists the deployed contracts (config.DeployedContracts);
// a link leaving the repository, and a name that is not UTF-8, where a
// contract may be is an unreadable-path finding instead.
func deployedContracts(fsys fs.FS, specs string) ([]string, []finding.Finding, error) {
	paths, refusals, err := config.DeployedContracts(fsys)
	var refused []finding.Finding
	for _, r := range refusals {
		refused = append(refused, refusedContract(specs, r))
	}
	return paths, refused, err
}
