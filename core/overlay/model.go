package overlay

import (
	"slices"
	"strings"

	"github.com/espectacular/ah/core/spec"
)

// Located is one scenario of the resolved scope and where it comes from.
type Located struct {
	Capability string
	// SpecPath is the file whose text is in scope: the deployed spec, or
	// the change's delta spec for a scenario it adds or rewrites.
	SpecPath string
	Scenario spec.Scenario
	// Change is the change whose text this is; empty for deployed text.
	Change string
	// ContractPath is the scenario's active contract: a staged contract
	// of a selected change, else the deployed one. For a scenario a change
	// adds and nobody has written a contract for, it is where the change
	// should stage it.
	ContractPath string
}

// item is a requirement block, or one scenario under no requirement, of a
// capability's spec. OpenSpec applies deltas to requirement blocks.
type item struct {
	name    string // the requirement's name; empty for a loose scenario
	line    int
	entries []Located
	// seq is the item's place in the model: items are only appended or
	// removed, so it orders them. removed is set by a REMOVED delta.
	seq     int
	removed bool
	// pos is the first index of each scenario id in entries, built for a
	// large block when first asked (at).
	pos map[string]int
}

// at returns the index of the first entry of id, or -1.
func (it *item) at(id string) int {
	if it.removed {
		return -1
	}
	if len(it.entries) <= 16 {
		return slices.IndexFunc(it.entries, func(e Located) bool { return e.Scenario.ID == id })
	}
	if it.pos == nil {
		it.pos = make(map[string]int, len(it.entries))
		for i, e := range it.entries {
			if _, ok := it.pos[e.Scenario.ID]; !ok {
				it.pos[e.Scenario.ID] = i
			}
		}
	}
	if i, ok := it.pos[id]; ok {
		return i
	}
	return -1
}

// model is a capability's spec while the changes apply: its items in
// document order. Two indexes keep each lookup of a requirement by name
// or of a scenario by id from scanning the whole spec, which made a delta
// adding 20,000 requirements quadratic (issue 29). They may list items
// that no longer match (removed, renamed or restated): lookups check.
type model struct {
	capability string
	items      []*item
	byName     map[string][]*item
	byID       map[string][]*item
}

// newModel builds the model of a deployed spec file.
func newModel(f spec.File) *model {
	m := &model{capability: f.Capability}
	entry := func(n spec.ScenarioNode) Located {
		return Located{Capability: f.Capability, SpecPath: f.Path, Scenario: n.Scenario}
	}
	var items []*item
	addReqs := func(reqs []spec.Requirement) {
		for _, r := range reqs {
			it := &item{name: r.Name, line: r.Span.Start}
			for _, n := range r.Scenarios {
				it.entries = append(it.entries, entry(n))
			}
			items = append(items, it)
		}
	}
	addLoose := func(nodes []spec.ScenarioNode) {
		for _, n := range nodes {
			items = append(items, &item{line: n.Line, entries: []Located{entry(n)}})
		}
	}
	addReqs(f.Doc.Requirements)
	addLoose(f.Doc.Scenarios)
	for _, s := range f.Doc.Sections {
		addReqs(s.Requirements)
		addLoose(s.Scenarios)
	}
	slices.SortStableFunc(items, func(a, b *item) int { return a.line - b.line })
	for _, it := range items {
		m.append(it)
	}
	return m
}

// append adds it after the model's items.
func (m *model) append(it *item) {
	if m.byName == nil {
		m.byName, m.byID = map[string][]*item{}, map[string][]*item{}
	}
	it.seq = len(m.items)
	m.items = append(m.items, it)
	if it.name != "" {
		m.byName[it.name] = append(m.byName[it.name], it)
	}
	m.indexEntries(it)
}

// setEntries replaces the scenarios of it.
func (m *model) setEntries(it *item, entries []Located) {
	it.entries, it.pos = entries, nil
	m.indexEntries(it)
}

func (m *model) indexEntries(it *item) {
	for _, e := range it.entries {
		if l := m.byID[e.Scenario.ID]; len(l) == 0 || l[len(l)-1] != it {
			m.byID[e.Scenario.ID] = append(l, it)
		}
	}
}

// find returns the first requirement named name in scope, or nil.
func (m *model) find(name string) *item {
	for _, it := range m.byName[name] {
		if !it.removed && it.name == name && name != "" {
			return it
		}
	}
	return nil
}

// rename gives it a new name.
func (m *model) rename(it *item, name string) {
	it.name = name
	m.byName[name] = append(m.byName[name], it)
}

// remove takes it out of scope.
func (m *model) remove(it *item) { it.removed = true }

// lookup returns the scenario of id in scope, if any: the first in
// document order.
func (m *model) lookup(id string) (Located, bool) {
	var best *item
	l := m.byID[id]
	kept := l[:0]
	for _, it := range l {
		if it.at(id) < 0 || slices.Contains(kept, it) {
			continue // no longer holds id: drop it from the index
		}
		kept = append(kept, it)
		if best == nil || it.seq < best.seq {
			best = it
		}
	}
	if len(l) > 0 {
		m.byID[id] = kept
	}
	if best == nil {
		return Located{}, false
	}
	return best.entries[best.at(id)], true
}

// live are the items in scope, in order.
func (m *model) live() []*item {
	return slices.DeleteFunc(slices.Clone(m.items), func(it *item) bool { return it.removed })
}

// flatten lists the scenarios in scope in order, the first of each id only:
// a later one is a copy the slug-collision check already reports.
func (m *model) flatten() []Located {
	var out []Located
	seen := map[string]bool{}
	for _, it := range m.live() {
		for _, e := range it.entries {
			if e.Scenario.ID != "" && seen[e.Scenario.ID] {
				continue
			}
			seen[e.Scenario.ID] = true
			out = append(out, e)
		}
	}
	return out
}

// sameText reports whether two scenario bodies say the same thing:
// byte-identical after trimming, as OpenSpec's carry-along restatements
// are, whatever their line endings (bodies keep them verbatim).
func sameText(a, b string) bool { return spec.SameBody(a, b) }

// fold is a requirement name compared ignoring case and inner spacing, as
// OpenSpec compares a RENAMED source with a REMOVED name.
func fold(name string) string { return strings.ToLower(strings.Join(strings.Fields(name), " ")) }
