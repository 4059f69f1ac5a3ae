package validate

import (
	"errors"
	"io/fs"
	"maps"
	"slices"
	"strings"

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
	// files are the discovered spec files. Their trees are dropped as they
	// are read (keepSpec) unless changes are overlaid, which read them.
	files []spec.File
	// treeFindings are the findings drawn from each deployed spec's tree
	// (specFindings) before it was dropped, by spec path; CheckSpecs
	// reports those of the files in scope, and draws them from the tree of
	// any file not here.
	treeFindings map[string][]finding.Finding
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
	// qualified and requirement are what [scenarios]
	// qualify_colliding_ids would make of it (spec.Document.Qualification),
	// drawn while its spec's tree was there.
	qualified, requirement string
}

// Resolve resolves the scope of a check: the deployed scenarios
// (resolve), the changes overlaid on them (withChanges), narrowed to
// [scope] (applyScope) and then to the unit arguments args (limitUnits).
func Resolve(fsys fs.FS, cfg config.Config, changes, args []string) (Resolved, error) {
	changes = overlay.Normalize(changes)
	active := overlay.IDs(fsys, cfg.Changes)
	// The overlay of changes reads the deployed spec trees: only then are
	// they kept past discovery.
	r, err := resolve(fsys, cfg, active, len(changes) > 0)
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
// the deployed scope. Each spec's tree is dropped once what the check
// needs of it was drawn (keepSpec), unless trees is set: the overlay of
// changes reads them.
// active are the ids of the active changes: when there are some, a
// missing specs directory is a project before its first archive.
func resolve(fsys fs.FS, cfg config.Config, active []string, trees bool) (Resolved, error) {
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
	files, kept, err := spec.DiscoverEach(fsys, cfg.Specs, cfg.SpecBytes(), func(f spec.File) (spec.File, keptSpec) {
		return keepSpec(cfg, f, trees)
	})
	l := <-listed
	if err != nil {
		err = spec.DirErrorIn(fsys, cfg.Specs, err)
		de, missing := errors.AsType[*spec.DirError](err)
		if !missing || de.NotDir || de.Store != "" || len(active) == 0 {
			return r, err
		}
		// Nothing archived yet: the changes are all there is to check.
		r.Undeployed, files, kept = true, nil, nil
	}
	r.files = files
	n := 0
	for _, k := range kept {
		n += len(k.scenarios)
	}
	r.Units = make([]Unit, 0, n)
	if !trees {
		r.treeFindings = make(map[string][]finding.Finding, len(files))
	}
	for i, f := range files {
		for _, s := range kept[i].scenarios {
			r.Units = append(r.Units, Unit{
				Capability:   f.Capability,
				SpecPath:     f.Path,
				Scenario:     s,
				ContractPath: shared(l.paths, contract.Path(config.Dir, f.Capability, s.ID)),
			})
		}
		r.collisions = append(r.collisions, kept[i].collisions...)
		if !trees {
			r.treeFindings[f.Path] = kept[i].findings
		}
	}
	r.contracts, r.refused = l.paths, l.refused
	if l.err != nil {
		return r, l.err
	}
	return r, coverLinked(fsys, cfg, &r)
}

// keptSpec is what resolve keeps of one spec file besides its outline.
type keptSpec struct {
	// scenarios are its scenarios, qualified when the config says so and
	// deduplicated, each detached from the file's text.
	scenarios  []spec.Scenario
	collisions []collision
	// findings are those drawn from its tree (specFindings), when the tree
	// is dropped.
	findings []finding.Finding
}

// keepSpec draws from spec file f what a check needs of it, and returns
// its outline (spec.File.Outline) unless trees is set: a large corpus
// never holds every tree at once (issue 40).
func keepSpec(cfg config.Config, f spec.File, trees bool) (spec.File, keptSpec) {
	if cfg.QualifyCollidingIDs {
		f = spec.Qualify([]spec.File{f})[0]
	}
	unique, cols := spec.Dedupe(f.Scenarios)
	k := keptSpec{scenarios: detachedAll(unique)}
	for _, c := range cols {
		col := collision{capability: f.Capability, specPath: f.Path, contract: contract.Path(config.Dir, f.Capability, c.Second.ID)}
		col.qualified, col.requirement = f.Doc.Qualification(c)
		col.First, col.Second = detached(c.First), detached(c.Second)
		k.collisions = append(k.collisions, col)
	}
	if trees {
		return f, k
	}
	k.findings = specFindings(cfg, []spec.File{f})
	return f.Outline(), k
}

// detachedAll is scenarios with their strings in one allocation of their
// own (detached): one per spec file rather than one per scenario, which
// would be interleaved with the garbage of parsing and decoding and keep
// its pages in use (issue 40).
func detachedAll(scenarios []spec.Scenario) []spec.Scenario {
	n := 0
	for _, s := range scenarios {
		n += len(s.ID) + len(s.Title) + len(s.Body)
	}
	var b strings.Builder
	b.Grow(n)
	for _, s := range scenarios {
		b.WriteString(s.ID)
		b.WriteString(s.Title)
		b.WriteString(s.Body)
	}
	all := b.String()
	out := make([]spec.Scenario, len(scenarios))
	at := 0
	for i, s := range scenarios {
		id, title := at+len(s.ID), at+len(s.ID)+len(s.Title)
		end := title + len(s.Body)
		s.ID, s.Title, s.Body = all[at:id], all[id:title], all[title:end]
		out[i], at = s, end
	}
	return out
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
