package spec_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/slug"
	"github.com/espectacular/ah/core/spec"
)

// sc builds the scenario Scan should return for a heading titled title on
// line with body.
func sc(title string, line int, body string) spec.Scenario {
	return spec.Scenario{ID: slug.Make(title), Title: title, Line: line, Body: body}
}

// lines joins its arguments with "\n" and appends a final newline.
func lines(ls ...string) string { return strings.Join(ls, "\n") + "\n" }

type scanCase struct {
	name string
	in   string
	want []spec.Scenario
}

var headingCases = []scanCase{
	{
		name: "plain scenario",
		in:   lines("# Gate", "## Requirements", "### Requirement: Discovery", "#### Scenario: Empty input rejected", "- WHEN x", "- THEN y"),
		want: []spec.Scenario{sc("Empty input rejected", 4, "- WHEN x\n- THEN y")},
	},
	{
		name: "one leading space",
		in:   lines(" #### Scenario: A", "body"),
		want: []spec.Scenario{sc("A", 1, "body")},
	},
	{
		name: "three leading spaces",
		in:   lines("   #### Scenario: A", "body"),
		want: []spec.Scenario{sc("A", 1, "body")},
	},
	{
		name: "four leading spaces are a code block",
		in:   lines("    #### Scenario: A", "body"),
	},
	{
		name: "leading tab is a code block",
		in:   lines("\t#### Scenario: A", "body"),
	},
	{
		name: "level 5 is not a scenario",
		in:   lines("##### Scenario: A", "body"),
	},
	{
		name: "level 3 is not a scenario",
		in:   lines("### Scenario: A", "body"),
	},
	{
		name: "no space after the hashes is not a heading",
		in:   lines("####Scenario: A", "body"),
	},
	{
		name: "prefix is case-sensitive",
		in:   lines("#### scenario: A", "body"),
	},
	{
		name: "tab after the hashes",
		in:   lines("####\tScenario: A", "body"),
		want: []spec.Scenario{sc("A", 1, "body")},
	},
	{
		name: "closing sequence stripped",
		in:   lines("#### Scenario: Closed ####", "body"),
		want: []spec.Scenario{sc("Closed", 1, "body")},
	},
	{
		name: "closing sequence of another length stripped",
		in:   lines("#### Scenario: Closed #", "body"),
		want: []spec.Scenario{sc("Closed", 1, "body")},
	},
	{
		name: "hash glued to the title is text",
		in:   lines("#### Scenario: Uses C#", "body"),
		want: []spec.Scenario{sc("Uses C#", 1, "body")},
	},
	{
		name: "title trimmed",
		in:   lines("#### Scenario:    Reject: empty input (v2)!   ", "body"),
		want: []spec.Scenario{{ID: "reject-empty-input-v2", Title: "Reject: empty input (v2)!", Line: 1, Body: "body"}},
	},
	{
		name: "no space after the colon",
		in:   lines("#### Scenario:Tight", "body"),
		want: []spec.Scenario{sc("Tight", 1, "body")},
	},
	{
		name: "empty title",
		in:   lines("#### Scenario:", "body"),
		want: []spec.Scenario{sc("", 1, "body")},
	},
	{
		// A BOM written by some editors must not hide a heading on line 1.
		name: "leading byte order mark",
		in:   "\ufeff" + lines("#### Scenario: A", "body"),
		want: []spec.Scenario{sc("A", 1, "body")},
	},
	{
		name: "empty input",
		in:   "",
	},
	{
		name: "no final newline",
		in:   "#### Scenario: A\nbody",
		want: []spec.Scenario{sc("A", 1, "body")},
	},
}

var bodyCases = []scanCase{
	{
		// B is a loose scenario after a `#` heading, A one of a requirement
		// before it: document order, not block order.
		name: "scenarios in document order across blocks",
		in:   lines("### Requirement: R", "#### Scenario: A", "# Title", "#### Scenario: B"),
		want: []spec.Scenario{sc("A", 2, ""), sc("B", 4, "")},
	},
	{
		name: "level 1 ends the body",
		in:   lines("#### Scenario: A", "a", "# Next", "x"),
		want: []spec.Scenario{sc("A", 1, "a")},
	},
	{
		name: "level 2 ends the body",
		in:   lines("#### Scenario: A", "a", "## Next", "x"),
		want: []spec.Scenario{sc("A", 1, "a")},
	},
	{
		name: "level 3 ends the body",
		in:   lines("#### Scenario: A", "a", "### Requirement: Next", "x"),
		want: []spec.Scenario{sc("A", 1, "a")},
	},
	{
		name: "level 4 non-scenario ends the body",
		in:   lines("#### Scenario: A", "a", "#### Notes", "x"),
		want: []spec.Scenario{sc("A", 1, "a")},
	},
	{
		name: "next scenario ends the body",
		in:   lines("#### Scenario: A", "a", "", "#### Scenario: B", "b"),
		want: []spec.Scenario{sc("A", 1, "a"), sc("B", 4, "b")},
	},
	{
		name: "levels 5 and 6 stay in the body",
		in:   lines("#### Scenario: A", "a", "##### Detail", "b", "###### Finer", "c"),
		want: []spec.Scenario{sc("A", 1, "a\n##### Detail\nb\n###### Finer\nc")},
	},
	{
		name: "hash without space stays in the body",
		in:   lines("#### Scenario: A", "#hashtag", "a"),
		want: []spec.Scenario{sc("A", 1, "#hashtag\na")},
	},
	{
		name: "indented heading stays in the body",
		in:   lines("#### Scenario: A", "a", "    # code", "b"),
		want: []spec.Scenario{sc("A", 1, "a\n    # code\nb")},
	},
	{
		name: "trailing blank lines dropped, inner and leading kept",
		in:   lines("#### Scenario: A", "", "- GIVEN a", "", "- THEN b", "", "  ", "\t", ""),
		want: []spec.Scenario{sc("A", 1, "\n- GIVEN a\n\n- THEN b")},
	},
	{
		name: "heading at end of file has an empty body",
		in:   lines("#### Scenario: A"),
		want: []spec.Scenario{sc("A", 1, "")},
	},
	{
		name: "only blank lines give an empty body",
		in:   lines("#### Scenario: A", "", "", "## Next"),
		want: []spec.Scenario{sc("A", 1, "")},
	},
	{
		name: "trailing spaces inside a line kept",
		in:   lines("#### Scenario: A", "a  ", "b"),
		want: []spec.Scenario{sc("A", 1, "a  \nb")},
	},
	{
		name: "CRLF line endings",
		in:   "# Gate\r\n\r\n#### Scenario: A\r\n- WHEN x\r\n- THEN y\r\n\r\n#### Scenario: B\r\nb\r\n",
		want: []spec.Scenario{sc("A", 3, "- WHEN x\r\n- THEN y"), sc("B", 7, "b")},
	},
	{
		name: "CRLF closing sequence",
		in:   "#### Scenario: A ##\r\nbody\r\n",
		want: []spec.Scenario{sc("A", 1, "body")},
	},
}

var fenceCases = []scanCase{
	{
		name: "backtick fence hides headings",
		in:   lines("```", "#### Scenario: Fake", "```", "#### Scenario: Real", "r"),
		want: []spec.Scenario{sc("Real", 4, "r")},
	},
	{
		name: "tilde fence hides headings",
		in:   lines("~~~", "#### Scenario: Fake", "~~~", "#### Scenario: Real", "r"),
		want: []spec.Scenario{sc("Real", 4, "r")},
	},
	{
		name: "fence with info string",
		in:   lines("```markdown", "#### Scenario: Fake", "```", "#### Scenario: Real", "r"),
		want: []spec.Scenario{sc("Real", 4, "r")},
	},
	{
		name: "longer fence is not closed by a shorter one",
		in:   lines("````", "```", "#### Scenario: Fake", "```", "````", "#### Scenario: Real", "r"),
		want: []spec.Scenario{sc("Real", 6, "r")},
	},
	{
		name: "closing fence may be longer",
		in:   lines("```", "#### Scenario: Fake", "`````", "#### Scenario: Real", "r"),
		want: []spec.Scenario{sc("Real", 4, "r")},
	},
	{
		name: "tilde fence is not closed by backticks",
		in:   lines("~~~", "```", "#### Scenario: Fake", "~~~", "#### Scenario: Real", "r"),
		want: []spec.Scenario{sc("Real", 5, "r")},
	},
	{
		name: "closing fence with text does not close",
		in:   lines("```", "``` not a close", "#### Scenario: Fake", "```", "#### Scenario: Real", "r"),
		want: []spec.Scenario{sc("Real", 5, "r")},
	},
	{
		name: "indented fences",
		in:   lines("   ```", "#### Scenario: Fake", "  ```", "#### Scenario: Real", "r"),
		want: []spec.Scenario{sc("Real", 4, "r")},
	},
	{
		name: "fence indented four spaces is code, not a fence",
		in:   lines("    ```", "#### Scenario: Real", "r"),
		want: []spec.Scenario{sc("Real", 2, "r")},
	},
	{
		name: "backtick info string with a backtick is not a fence",
		in:   lines("``` a`b", "#### Scenario: Real", "r"),
		want: []spec.Scenario{sc("Real", 2, "r")},
	},
	{
		name: "two backticks are not a fence",
		in:   lines("``", "#### Scenario: Real", "r"),
		want: []spec.Scenario{sc("Real", 2, "r")},
	},
	{
		name: "unclosed fence hides the rest of the file",
		in:   lines("#### Scenario: A", "a", "```", "#### Scenario: Fake", "## Gone"),
		want: []spec.Scenario{sc("A", 1, "a\n```\n#### Scenario: Fake\n## Gone")},
	},
	{
		name: "fence inside a body stays in the body",
		in: lines("#### Scenario: A", "- GIVEN the spec", "```markdown", "# Title", "#### x", "#### Scenario: Nested", "```",
			"- THEN done", "## Next"),
		want: []spec.Scenario{sc("A", 1, "- GIVEN the spec\n```markdown\n# Title\n#### x\n#### Scenario: Nested\n```\n- THEN done")},
	},
	{
		name: "tilde fence inside a body stays in the body",
		in:   lines("#### Scenario: A", "~~~~", "### no", "~~~~", "b"),
		want: []spec.Scenario{sc("A", 1, "~~~~\n### no\n~~~~\nb")},
	},
}

var frontMatterCases = []scanCase{
	{
		name: "front matter skipped, line numbers kept",
		in:   lines("---", "id: gate", "kind: spec", "---", "#### Scenario: A", "a"),
		want: []spec.Scenario{sc("A", 5, "a")},
	},
	{
		name: "headings and comments in front matter ignored",
		in:   lines("---", "# yaml comment", "#### Scenario: Hidden", "---", "#### Scenario: A", "a"),
		want: []spec.Scenario{sc("A", 5, "a")},
	},
	{
		name: "front matter closed by dots",
		in:   lines("---", "#### Scenario: Hidden", "...", "#### Scenario: A", "a"),
		want: []spec.Scenario{sc("A", 4, "a")},
	},
	{
		name: "unterminated front matter is not front matter",
		in:   lines("---", "#### Scenario: A", "a"),
		want: []spec.Scenario{sc("A", 2, "a")},
	},
	{
		name: "rule after line 1 is not front matter",
		in:   lines("intro", "---", "#### Scenario: A", "---", "a"),
		want: []spec.Scenario{sc("A", 3, "---\na")},
	},
	{
		name: "front matter after a byte order mark",
		in:   "\ufeff" + lines("---", "#### Scenario: Hidden", "---", "#### Scenario: A", "a"),
		want: []spec.Scenario{sc("A", 4, "a")},
	},
	{
		name: "CRLF front matter",
		in:   "---\r\nid: gate\r\n---\r\n#### Scenario: A\r\na\r\n",
		want: []spec.Scenario{sc("A", 4, "a")},
	},
}

// dualFormat is a spec in both OpenSpec and specodelic form: its front
// matter and tables contribute no scenarios.
var dualFormat = lines(
	"---", // 1
	"id: gate",
	"kind: capability",
	"statement: the gate",
	"---", // 5
	"",
	"# Gate",
	"",
	"## Constraints",
	"", // 10
	"| id | constraint |",
	"| --- | --- |",
	"| C-1 | #### Scenario: In a table |",
	"",
	"## Model", // 15
	"",
	"### States",
	"",
	"- idle",
	"- running", // 20
	"",
	"### Transitions",
	"",
	"| from | to | guard |",
	"| --- | --- | --- |", // 25
	"| idle | running | [[gate.C-1]] |",
	"",
	"## Properties",
	"",
	"| id | predicate |", // 30
	"| --- | --- |",
	"| P-discovery | scenarios are found |",
	"",
	"## Requirements",
	"", // 35
	"### Requirement: Scenario Discovery",
	"",
	"#### Scenario: Discover deployed scenario",
	"",
	"- GIVEN a spec", // 40
	"- THEN it is found",
	"- **VERIFIES** [[gate.P-discovery]]",
	"",
	"## Purpose",
)

// setextCases pin that only ATX headings count: a setext heading (text
// underlined with === or ---) is body text, so it never ends a scenario.
var setextCases = []scanCase{
	{
		name: "setext level 2 stays in the body",
		in:   lines("#### Scenario: A", "a", "", "Next", "----", "b"),
		want: []spec.Scenario{sc("A", 1, "a\n\nNext\n----\nb")},
	},
	{
		name: "setext level 1 stays in the body",
		in:   lines("#### Scenario: A", "Next", "====", "#### Scenario: B"),
		want: []spec.Scenario{sc("A", 1, "Next\n===="), sc("B", 4, "")},
	},
}

var tableCases = []scanCase{
	{
		name: "dual-format spec",
		in:   dualFormat,
		want: []spec.Scenario{sc("Discover deployed scenario", 38, "\n- GIVEN a spec\n- THEN it is found\n- **VERIFIES** [[gate.P-discovery]]")},
	},
	{
		name: "table after a scenario stays in its body",
		in:   lines("#### Scenario: A", "| a | b |", "| - | - |"),
		want: []spec.Scenario{sc("A", 1, "| a | b |\n| - | - |")},
	},
}

func TestScan(t *testing.T) {
	for _, tt := range allScanCases() {
		t.Run(tt.name, func(t *testing.T) {
			got := spec.Scan([]byte(tt.in))
			require.Equal(t, tt.want, got, "Scan(%q)", tt.in)
		})
	}
}

// TestScanCRLFEqualsLF protects the guarantee that line endings do not
// change the scenarios or their lines; bodies keep them verbatim.
func TestScanCRLFEqualsLF(t *testing.T) {
	for _, tt := range allScanCases() {
		t.Run(tt.name, func(t *testing.T) {
			crlf := strings.ReplaceAll(strings.ReplaceAll(tt.in, "\r\n", "\n"), "\n", "\r\n")
			lf := strings.ReplaceAll(tt.in, "\r\n", "\n")
			// Bodies keep their line breaks verbatim (issue 27).
			assert.Equal(t, spec.Scan([]byte(lf)), lfBodies(spec.Scan([]byte(crlf))), "Scan(%q)", crlf)
		})
	}
}

func allScanCases() []scanCase {
	var all []scanCase
	for _, g := range [][]scanCase{headingCases, bodyCases, fenceCases, frontMatterCases, tableCases, setextCases} {
		all = append(all, g...)
	}
	return all
}
