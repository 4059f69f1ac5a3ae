package overlay

import (
	"slices"
	"strings"

	"github.com/espectacular/ah/core/spec"
)

// Scenario is one scenario of the resolved scope and where it comes from.
type Scenario struct {
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
	entries []Scenario
}

// model is a capability's spec while the changes apply: its items in
// document order.
type model struct {
	capability string
	items      []*item
}

// newModel builds the model of a deployed spec file.
func newModel(f spec.File) *model {
	m := &model{capability: f.Capability}
	entry := func(n spec.ScenarioNode) Scenario {
		return Scenario{Capability: f.Capability, SpecPath: f.Path, Scenario: n.Scenario}
	}
	addReqs := func(reqs []spec.Requirement) {
		for _, r := range reqs {
			it := &item{name: r.Name, line: r.Span.Start}
			for _, n := range r.Scenarios {
				it.entries = append(it.entries, entry(n))
			}
			m.items = append(m.items, it)
		}
	}
	addLoose := func(nodes []spec.ScenarioNode) {
		for _, n := range nodes {
			m.items = append(m.items, &item{line: n.Line, entries: []Scenario{entry(n)}})
		}
	}
	addReqs(f.Doc.Requirements)
	addLoose(f.Doc.Scenarios)
	for _, s := range f.Doc.Sections {
		addReqs(s.Requirements)
		addLoose(s.Scenarios)
	}
	slices.SortStableFunc(m.items, func(a, b *item) int { return a.line - b.line })
	return m
}

// find returns the index of the requirement named name, or -1.
func (m *model) find(name string) int {
	return slices.IndexFunc(m.items, func(it *item) bool { return it.name != "" && it.name == name })
}

// lookup returns the scenario of id in scope, if any.
func (m *model) lookup(id string) (Scenario, bool) {
	for _, it := range m.items {
		for _, e := range it.entries {
			if e.Scenario.ID == id {
				return e, true
			}
		}
	}
	return Scenario{}, false
}

// flatten lists the scenarios in scope in order, the first of each id only:
// a later one is a copy the slug-collision check already reports.
func (m *model) flatten() []Scenario {
	var out []Scenario
	seen := map[string]bool{}
	for _, it := range m.items {
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
