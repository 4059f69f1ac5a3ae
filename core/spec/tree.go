package spec

import "slices"

// Span is an inclusive range of 1-based lines. A block's span runs from its
// heading to its last non-blank line, so trailing blank lines belong to no
// block and a changed line maps to at most one innermost block.
type Span struct {
	Start, End int
}

// Contains reports whether line lies inside s.
func (s Span) Contains(line int) bool { return s.Start <= line && line <= s.End }

// Heading is one ATX heading outside code fences and front matter. Its span
// ends before the next heading of the same or a higher level.
type Heading struct {
	Level int
	// Title is the heading text, without the '#' runs around it.
	Title string
	Span  Span
}

// Document is the structure of one spec file: every heading, the `##`
// sections with their requirements and scenarios, and what the OpenSpec
// delta sections declare. Scanning is ATX only: a setext heading (text
// underlined with === or ---) is body text and never ends a block.
type Document struct {
	// Lines is the number of lines of the file.
	Lines    int
	Headings []Heading
	Sections []Section
	// Requirements and Scenarios are those outside any `##` section (before
	// the first one, or after a `#` heading).
	Requirements []Requirement
	Scenarios    []ScenarioNode
	// NearMisses are lines that look meant as scenario headings but are
	// not, in document order.
	NearMisses []NearMiss
	// Unclosed is set when a code fence or HTML comment never closes and
	// hides scenario headings.
	Unclosed *Unclosed
}

// Delta names an OpenSpec change section; DeltaNone for any other section.
type Delta string

// The four delta sections of a change's spec.md.
const (
	DeltaNone     Delta = ""
	DeltaAdded    Delta = "ADDED"
	DeltaModified Delta = "MODIFIED"
	DeltaRemoved  Delta = "REMOVED"
	DeltaRenamed  Delta = "RENAMED"
)

// Section is one `##` heading and its content.
type Section struct {
	Title string
	Delta Delta
	Span  Span
	// Requirements are the `### Requirement: <name>` blocks of the section.
	Requirements []Requirement
	// Scenarios are the section's scenarios under no requirement.
	Scenarios []ScenarioNode
	// Renames are the FROM/TO pairs of a RENAMED section.
	Renames []Rename
	// Removed are the requirement names a REMOVED section lists, as headings
	// or as bullets, in document order.
	Removed []Ref
}

// Requirement is one `### Requirement: <name>` block.
type Requirement struct {
	// Name is trimmed; OpenSpec matches requirements by exact name.
	Name      string
	Span      Span
	Scenarios []ScenarioNode
}

// ScenarioNode is a scenario in the tree: the flat Scenario and its span
// (the heading line to the last body line).
type ScenarioNode struct {
	Scenario
	Span Span
}

// Ref is a requirement named on one line.
type Ref struct {
	Name string
	Line int
}

// Rename is a `- FROM: ### Requirement: A` line and the `- TO:` line that
// follows it. A FROM with no TO, or a TO with no FROM, has a zero Ref on the
// missing side, so a validator can name the line.
type Rename struct {
	From, To Ref
}

// Flatten returns every scenario of the document in document order: the
// list Scan returns.
func (d Document) Flatten() []Scenario {
	nodes := d.scenarioNodes()
	if len(nodes) == 0 {
		return nil
	}
	out := make([]Scenario, len(nodes)) // sized once: one is held per spec until its checks ran
	for i, n := range nodes {
		out[i] = n.Scenario
	}
	return out
}

// ScenarioAt returns the scenario whose span holds line, for mapping a
// changed line to the scenario it edits.
func (d Document) ScenarioAt(line int) (ScenarioNode, bool) {
	for _, n := range d.scenarioNodes() {
		if n.Span.Contains(line) {
			return n, true
		}
	}
	return ScenarioNode{}, false
}

// scenarioNodes collects the scenarios of every block, sorted by line (each
// heading has its own line, so the order is total).
func (d Document) scenarioNodes() []ScenarioNode {
	nodes := slices.Clone(d.Scenarios)
	add := func(reqs []Requirement) {
		for _, r := range reqs {
			nodes = append(nodes, r.Scenarios...)
		}
	}
	add(d.Requirements)
	for _, s := range d.Sections {
		nodes = append(nodes, s.Scenarios...)
		add(s.Requirements)
	}
	slices.SortFunc(nodes, func(a, b ScenarioNode) int { return a.Line - b.Line })
	return nodes
}
