package spec_test

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/spec"
)

// outline renders a document's tree one node per line, indented by depth,
// with spans, so a case states the whole structure compactly.
func outline(d spec.Document) []string {
	type entry struct {
		line int
		text []string
	}
	span := func(s spec.Span) string { return fmt.Sprintf("%d-%d", s.Start, s.End) }
	block := func(indent string, reqs []spec.Requirement, loose []spec.ScenarioNode) []entry {
		var es []entry
		for _, n := range loose {
			es = append(es, entry{n.Line, []string{indent + "scenario " + n.Title + " " + span(n.Span)}})
		}
		for _, r := range reqs {
			e := entry{r.Span.Start, []string{indent + "requirement " + r.Name + " " + span(r.Span)}}
			for _, n := range r.Scenarios {
				e.text = append(e.text, indent+"  scenario "+n.Title+" "+span(n.Span))
			}
			es = append(es, e)
		}
		return es
	}
	es := block("", d.Requirements, d.Scenarios)
	for _, s := range d.Sections {
		head := "section " + s.Title + " " + span(s.Span)
		if s.Delta != spec.DeltaNone {
			head += " delta=" + string(s.Delta)
		}
		e := entry{s.Span.Start, []string{head}}
		inner := block("  ", s.Requirements, s.Scenarios)
		for _, r := range s.Renames {
			inner = append(inner, entry{max(r.From.Line, r.To.Line), []string{fmt.Sprintf("  rename %q@%d -> %q@%d", r.From.Name, r.From.Line, r.To.Name, r.To.Line)}})
		}
		for _, r := range s.Removed {
			inner = append(inner, entry{r.Line, []string{fmt.Sprintf("  removed %q@%d", r.Name, r.Line)}})
		}
		slices.SortStableFunc(inner, func(a, b entry) int { return cmp.Compare(a.line, b.line) })
		for _, i := range inner {
			e.text = append(e.text, i.text...)
		}
		es = append(es, e)
	}
	slices.SortStableFunc(es, func(a, b entry) int { return cmp.Compare(a.line, b.line) })
	var out []string
	for _, e := range es {
		out = append(out, e.text...)
	}
	return out
}

type treeCase struct {
	name string
	in   string
	want []string
}

var treeCases = []treeCase{
	{
		name: "nested requirements",
		in: lines(
			"# Gate", // 1
			"",
			"## Purpose",
			"Gates things.",
			"", // 5
			"## Requirements",
			"### Requirement: Discovery",
			"The gate finds scenarios.",
			"#### Scenario: Found",
			"- WHEN x", // 10
			"",
			"#### Scenario: Missing",
			"- THEN y",
			"",
			"### Requirement: Contracts", // 15
			"#### Scenario: One per scenario",
			"",
			"",
		),
		want: []string{
			"section Purpose 3-4",
			"section Requirements 6-16",
			"  requirement Discovery 7-13",
			"    scenario Found 9-10",
			"    scenario Missing 12-13",
			"  requirement Contracts 15-16",
			"    scenario One per scenario 16-16",
		},
	},
	{
		name: "scenarios outside requirements and sections",
		in: lines(
			"#### Scenario: Before", // 1
			"b",
			"## Notes",
			"#### Scenario: Loose",
			"### Requirement: R", // 5
			"#### Scenario: Inside",
			"### Design",
			"#### Scenario: After a plain level 3",
			"# Appendix",
			"### Requirement: Top", // 10
			"#### Scenario: Tail",
		),
		want: []string{
			"scenario Before 1-2",
			"section Notes 3-8",
			"  scenario Loose 4-4",
			"  requirement R 5-6",
			"    scenario Inside 6-6",
			"  scenario After a plain level 3 8-8",
			"requirement Top 10-11",
			"  scenario Tail 11-11",
		},
	},
	{
		name: "requirement prefix is case-insensitive and the name trimmed",
		in:   lines("## Requirements", "### requirement:   Spaced name  ", "### REQUIREMENT: Loud", "### Requirement:", "### Requirements"),
		want: []string{"section Requirements 1-5", "  requirement Spaced name 2-2", "  requirement Loud 3-3"},
	},
	{
		name: "delta sections",
		in: lines(
			"## ADDED Requirements", // 1
			"### Requirement: New",
			"#### Scenario: Fresh",
			"x",
			"## modified requirements", // 5
			"### Requirement: Old",
			"#### Scenario: Changed",
			"## Requirements",
			"### Requirement: New",
			"#### Scenario: Fresh", // 10
			"x",
		),
		want: []string{
			"section ADDED Requirements 1-4 delta=ADDED",
			"  requirement New 2-4",
			"    scenario Fresh 3-4",
			"section modified requirements 5-7 delta=MODIFIED",
			"  requirement Old 6-7",
			"    scenario Changed 7-7",
			"section Requirements 8-11",
			"  requirement New 9-11",
			"    scenario Fresh 10-11",
		},
	},
	{
		name: "removed as headings and bullets",
		in: lines(
			"## REMOVED Requirements", // 1
			"### Requirement: Gone",
			"**Reason**: obsolete",
			"- `### Requirement: Also gone`",
			"- ### Requirement: Plain bullet", // 5
			"`### Requirement: Not a bullet`",
			"- an ordinary bullet",
		),
		want: []string{
			"section REMOVED Requirements 1-7 delta=REMOVED",
			"  requirement Gone 2-7",
			`  removed "Gone"@2`,
			`  removed "Also gone"@4`,
			`  removed "Plain bullet"@5`,
		},
	},
	{
		name: "renamed pairs",
		in: lines(
			"## RENAMED Requirements", // 1
			"- FROM: `### Requirement: Old name`",
			"- TO: `### Requirement: New name`",
			"FROM: ### Requirement: A",
			"TO: ### Requirement: B", // 5
			"- FROM: `### Requirement: Dangling`",
			"",
			"- FROM: `### Requirement: C`",
			"- TO: `### Requirement: D`",
			"- TO: `### Requirement: Orphan`", // 10
			"- from: ### Requirement: lowercase keyword is prose",
		),
		want: []string{
			"section RENAMED Requirements 1-11 delta=RENAMED",
			`  rename "Old name"@2 -> "New name"@3`,
			`  rename "A"@4 -> "B"@5`,
			`  rename "Dangling"@6 -> ""@0`,
			`  rename "C"@8 -> "D"@9`,
			`  rename ""@0 -> "Orphan"@10`,
		},
	},
	{
		// A TO opening the section completes no FROM: there is none before it.
		name: "a TO first in its section is a half pair",
		in:   lines("## RENAMED Requirements", "- TO: `### Requirement: B`"),
		want: []string{"section RENAMED Requirements 1-2 delta=RENAMED", `  rename ""@0 -> "B"@2`},
	},
	{
		name: "rename lines outside a RENAMED section are prose",
		in:   lines("## Requirements", "- FROM: `### Requirement: A`", "- TO: `### Requirement: B`", "- `### Requirement: C`"),
		want: []string{"section Requirements 1-4"},
	},
	{
		name: "fences hide sections, requirements, scenarios and renames",
		in: lines(
			"## RENAMED Requirements", // 1
			"```",
			"- FROM: `### Requirement: A`",
			"- TO: `### Requirement: B`",
			"```", // 5
			"## Requirements",
			"### Requirement: Real",
			"~~~markdown",
			"## ADDED Requirements",
			"### Requirement: Fake", // 10
			"#### Scenario: Fake",
			"~~~",
			"#### Scenario: Real",
			"```",
			"unclosed", // 15
		),
		want: []string{
			"section RENAMED Requirements 1-5 delta=RENAMED",
			"section Requirements 6-15",
			"  requirement Real 7-15",
			"    scenario Real 13-15",
		},
	},
	{
		name: "front matter holds no structure",
		in:   lines("---", "## ADDED Requirements", "---", "## Purpose", "p"),
		want: []string{"section Purpose 4-5"},
	},
	{
		name: "trailing blank lines end no span",
		in:   lines("## A", "", "### Requirement: R", "  ", "#### Scenario: S", "s", "", "\t", "## B"),
		want: []string{"section A 1-6", "  requirement R 3-6", "    scenario S 5-6", "section B 9-9"},
	},
	{
		name: "empty input",
		in:   "",
	},
}

func TestParseTree(t *testing.T) {
	for _, tt := range treeCases {
		t.Run(tt.name, func(t *testing.T) {
			got := spec.Parse([]byte(tt.in))
			assert.Equal(t, tt.want, outline(got), "Parse(%q)", tt.in)
			assert.Equal(t, spec.Scan([]byte(tt.in)), got.Flatten(), "Flatten differs from Scan")
		})
	}
}

// TestParseCRLFEqualsLF protects that line endings change no part of the
// tree, spans included, but the verbatim bodies' own line breaks.
func TestParseCRLFEqualsLF(t *testing.T) {
	for _, tt := range treeCases {
		t.Run(tt.name, func(t *testing.T) {
			crlf := strings.ReplaceAll(tt.in, "\n", "\r\n")
			// Bodies keep their line breaks verbatim (issue 27).
			toCRLF := func(b string) string { return strings.ReplaceAll(b, "\n", "\r\n") }
			assert.Equal(t, withEOL(spec.Parse([]byte(tt.in)), toCRLF), spec.Parse([]byte(crlf)), "Parse(%q)", crlf)
		})
	}
}

func TestParseHeadings(t *testing.T) {
	in := lines("# T", "## S", "#### Scenario: A", "##### Detail", "d", "###### Finer", "", "### R ###", "```", "# no", "```")
	want := []spec.Heading{
		{Level: 1, Title: "T", Span: spec.Span{Start: 1, End: 11}},
		{Level: 2, Title: "S", Span: spec.Span{Start: 2, End: 11}},
		{Level: 4, Title: "Scenario: A", Span: spec.Span{Start: 3, End: 6}},
		{Level: 5, Title: "Detail", Span: spec.Span{Start: 4, End: 6}},
		{Level: 6, Title: "Finer", Span: spec.Span{Start: 6, End: 6}},
		{Level: 3, Title: "R", Span: spec.Span{Start: 8, End: 11}},
	}
	got := spec.Parse([]byte(in))
	require.Equal(t, want, got.Headings)
	assert.Equal(t, 11, got.Lines)
}

func TestScenarioAt(t *testing.T) {
	d := spec.Parse([]byte(lines("## Requirements", "### Requirement: R", "#### Scenario: A", "a", "", "#### Scenario: B", "b", "", "## Tail")))
	tests := []struct {
		line int
		want string // "" for no scenario
	}{{1, ""}, {2, ""}, {3, "A"}, {4, "A"}, {5, ""}, {6, "B"}, {7, "B"}, {8, ""}, {9, ""}, {0, ""}, {99, ""}}
	for _, tt := range tests {
		got, ok := d.ScenarioAt(tt.line)
		assert.Equal(t, tt.want != "", ok, "ScenarioAt(%d) found", tt.line)
		assert.Equal(t, tt.want, got.Title, "ScenarioAt(%d)", tt.line)
	}
}
