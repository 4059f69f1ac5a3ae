package overlay

import (
	"fmt"
	"path"
	"strings"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/spec"
)

// Collision is two scenarios of one delta spec with the same id and
// different bodies (a mirror with identical bodies is no collision).
type Collision struct {
	Capability, SpecPath, ContractPath string
	spec.Collision
}

// Result is the scope after the selected changes apply.
type Result struct {
	// Scopes holds, for every capability a selected change touches (by a
	// delta spec or a staged contract), its scenarios in scope order.
	// Capabilities not listed keep their deployed scenarios and contracts.
	Scopes map[string][]Located
	// Findings are the overlay-conflict and staged orphan-toml findings.
	Findings   []finding.Finding
	Collisions []Collision
	// Claimed are deployed contracts that are no orphans in the overlay:
	// their scenario left the scope through a selected change, or a staged
	// contract replaces them.
	Claimed map[string]bool
	// Files are the delta specs read, for the checks over spec files.
	Files []spec.File
}

// applier carries the state of one Apply.
type applier struct {
	deployed map[string]spec.File
	models   map[string]*model
	findings []finding.Finding
	cols     []Collision
}

// Apply applies changes (sorted by id) to the deployed spec files in
// order, as archiving them one after another would: per delta spec
// RENAMED, then REMOVED, then MODIFIED, then ADDED. deployedContracts are
// the deployed contract files.
func Apply(deployed []spec.File, deployedContracts []string, changes []Change) Result {
	a := &applier{deployed: map[string]spec.File{}, models: map[string]*model{}}
	for _, f := range deployed {
		if f.Skipped == nil {
			a.deployed[f.Capability] = f
		}
	}
	var res Result
	for _, c := range changes {
		if c.SkipSpecs != "" && len(c.Files) > 0 {
			// OpenSpec refuses such a change; its deltas are not applied.
			for _, f := range c.Files {
				a.conflict(c, f, nil, fmt.Sprintf(
					"change %q declares skip_specs: true in %s but carries %s, which openspec archive refuses: remove the spec delta, or remove skip_specs from %s",
					c.ID, c.SkipSpecs, f.Path, MetadataFile))
			}
			continue
		}
		for _, f := range c.Files {
			res.Files = append(res.Files, f)
			if f.Skipped != nil {
				continue // reported as unreadable-path
			}
			a.collisions(c, f)
			o := a.readOps(c, f)
			m := a.model(f.Capability)
			a.rename(c, f, m, o.renamed)
			a.remove(c, f, m, o.removed)
			for _, r := range o.modified {
				a.modify(c, f, m, r)
			}
			for _, r := range o.added {
				a.add(c, f, m, r)
			}
		}
		for key := range c.Staged {
			if capability, _ := splitKey(key); a.deployed[capability].Path != "" {
				a.model(capability)
			}
		}
	}
	res.Scopes, res.Claimed = a.contracts(changes, deployedContracts)
	res.Findings, res.Collisions = a.findings, a.cols
	return res
}

// model returns the capability's model, built from its deployed spec the
// first time a change touches it.
func (a *applier) model(capability string) *model {
	if m, ok := a.models[capability]; ok {
		return m
	}
	m := &model{capability: capability}
	if f, ok := a.deployed[capability]; ok {
		m = newModel(f)
	}
	a.models[capability] = m
	return m
}

// where names the capability's deployed spec for a message.
func (a *applier) where(capability string) string {
	if f, ok := a.deployed[capability]; ok {
		return "the scope of " + f.Path
	}
	return fmt.Sprintf("capability %q, which has no deployed spec (a new capability takes ADDED requirements only)", capability)
}

func (a *applier) rename(c Change, f spec.File, m *model, renames []spec.Rename) {
	for _, r := range renames {
		i, j := m.find(r.From.Name), m.find(r.To.Name)
		switch {
		case i == nil && j != nil:
			// Already renamed (an early-synced spec): a no-op, as in OpenSpec.
		case i == nil:
			a.conflict(c, f, nil, fmt.Sprintf("change %q: %s:%d: RENAMED FROM names requirement %q, which is not in %s: name an existing requirement",
				c.ID, f.Path, r.From.Line, r.From.Name, a.where(m.capability)))
		case j != nil:
			a.conflict(c, f, nil, fmt.Sprintf("change %q: %s:%d: RENAMED TO names requirement %q, which already exists in %s: pick another name",
				c.ID, f.Path, r.To.Line, r.To.Name, a.where(m.capability)))
		default:
			m.rename(i, r.To.Name)
		}
	}
}

func (a *applier) remove(c Change, f spec.File, m *model, refs []spec.Ref) {
	for _, r := range refs {
		i := m.find(r.Name)
		if i == nil {
			a.conflict(c, f, nil, fmt.Sprintf("change %q: %s:%d: REMOVED names requirement %q, which is not in %s%s",
				c.ID, f.Path, r.Line, r.Name, a.where(m.capability), nearName(m, r.Name)))
			continue
		}
		m.remove(i)
	}
}

func (a *applier) modify(c Change, f spec.File, m *model, r spec.Requirement) {
	i := m.find(r.Name)
	if i == nil {
		a.conflict(c, f, nil, fmt.Sprintf("change %q: %s:%d: MODIFIED names requirement %q, which is not in %s%s: use ADDED for a new requirement",
			c.ID, f.Path, r.Span.Start, r.Name, a.where(m.capability), nearName(m, r.Name)))
		m.append(&item{name: r.Name, entries: a.merge(c, f, m, &item{}, r, false)})
		return
	}
	m.setEntries(i, a.merge(c, f, m, i, r, true))
}

func (a *applier) add(c Change, f spec.File, m *model, r spec.Requirement) {
	i := m.find(r.Name)
	if i == nil {
		m.append(&item{name: r.Name, entries: a.merge(c, f, m, &item{}, r, false)})
		return
	}
	a.conflict(c, f, nil, fmt.Sprintf("change %q: %s:%d: ADDED names requirement %q, which already exists in %s: use MODIFIED and restate its scenarios",
		c.ID, f.Path, r.Span.Start, r.Name, a.where(m.capability)))
	m.setEntries(i, a.merge(c, f, m, i, r, false))
}

// nearName points at a requirement whose name differs only in case or
// spacing: OpenSpec names that near miss too.
func nearName(m *model, name string) string {
	for _, it := range m.live() {
		if it.name != "" && fold(it.name) == fold(name) {
			return fmt.Sprintf(" (did you mean %q?)", it.name)
		}
	}
	return ""
}

// splitKey splits "<capability>/<scenario-id>"; the capability is empty
// for a contract staged outside any capability directory.
func splitKey(key string) (capability, id string) {
	dir, id := path.Split(key)
	return strings.TrimSuffix(dir, "/"), id
}
