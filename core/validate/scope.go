package validate

import (
	"errors"
	"io/fs"
	"maps"
	"slices"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/overlay"
	"github.com/espectacular/ah/core/spec"
)

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

// ScenarioRef is the unit's scenario as findings and reports name it.
func (u Unit) ScenarioRef() finding.ScenarioRef { return scenarioOf(u.Scenario) }

// Key identifies a unit's contract slot.
func (u Unit) Key() string { return u.Capability + "/" + u.Scenario.ID }

// Resolved is the outcome of scope resolution (Resolve).
type Resolved struct {
	// Units are the scenarios in scope, in scope order.
	Units []Unit
	// Corpus are all the units, before [scope] and the unit arguments
	// narrowed them.
	Corpus []Unit
	// OutOfScope are the units [scope] leaves out.
	OutOfScope []Unit
	// Skipped counts the units the unit arguments left out.
	Skipped int
	// Changes are the ids of the changes overlaid, sorted and
	// deduplicated; Active the ids of every active change under [paths]
	// changes.
	Changes, Active []string
	collisions      []collision
	// contracts are all contract files found in scope, repository-relative.
	contracts []string
	// files are the discovered spec files, for checks over their structure.
	files []spec.File
	// refused are the paths under .espectacular not read (unreadable-path).
	refused []finding.Finding
	// derived are the contract paths of existing Properties rows: never
	// orphans (derivation.Covered.Alive).
	derived map[string]bool
	// overlay is what selected changes add (changes.go).
	overlay overlayState
	// Undeployed: the specs directory does not exist yet but changes do
	// (issue 39: a new OpenSpec project before its first archive).
	Undeployed bool
}

type collision struct {
	capability, specPath string
	// contract is where the colliding scenario's contract lives.
	contract string
	spec.Collision
}

// Resolve resolves the scope of a check: the deployed scenarios
// (resolve), the changes overlaid on them (withChanges), narrowed to
// [scope] (applyScope) and then to the unit arguments args (limitUnits).
func Resolve(fsys fs.FS, cfg config.Config, changes, args []string) (Resolved, error) {
	changes = overlay.Normalize(changes)
	active := overlay.IDs(fsys, cfg.Changes)
	r, err := resolve(fsys, cfg, active)
	if err != nil {
		return Resolved{}, err
	}
	if r, err = withChanges(fsys, cfg, r, changes); err != nil {
		return Resolved{}, err
	}
	corpus := r.Units // the whole corpus, before units narrow the scope
	r, outOfScope := applyScope(r, cfg.Scope)
	r, skipped, err := limitUnits(r, args)
	if err != nil {
		return Resolved{}, err
	}
	r.Corpus, r.OutOfScope, r.Skipped, r.Changes, r.Active = corpus, outOfScope, skipped, changes, active
	return r, nil
}

// Capabilities are every capability the scope knows, units' and spec
// files', sorted: a changed file under another one's directory is not
// accounted for.
func (r Resolved) Capabilities() []string {
	known := map[string]bool{}
	for _, u := range r.Units {
		known[u.Capability] = true
	}
	for _, f := range r.files {
		known[f.Capability] = true
	}
	return slices.Sorted(maps.Keys(known))
}

// resolve discovers deployed scenarios and the contract files that belong to
// the deployed scope.
// active are the ids of the active changes: when there are some, a
// missing specs directory is a project before its first archive.
func resolve(fsys fs.FS, cfg config.Config, active []string) (Resolved, error) {
	var r Resolved
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
		if !missing || de.NotDir || de.Store != "" || len(active) == 0 {
			return r, err
		}
		// Nothing archived yet: the changes are all there is to check.
		r.Undeployed, files = true, nil
	}
	if cfg.QualifyCollidingIDs {
		files = spec.Qualify(files)
	}
	r.files = files
	n := 0
	for _, f := range files {
		n += len(f.Scenarios)
	}
	r.Units = make([]Unit, 0, n)
	for _, f := range files {
		unique, cols := spec.Dedupe(f.Scenarios)
		for _, s := range unique {
			r.Units = append(r.Units, Unit{
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
