package spec_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/spec"
)

// commentCases: a heading inside an HTML comment is commented out (issue
// 9, item 8: it counted as a scenario).
var commentCases = []scanCase{
	{
		name: "scenario inside a multi-line comment",
		in:   lines("<!--", "#### Scenario: Hidden", "-->", "#### Scenario: Shown", "body"),
		want: []spec.Scenario{sc("Shown", 4, "body")},
	},
	{
		name: "comment closing on the heading's line",
		in:   lines("<!-- draft", "#### Scenario: Hidden -->", "#### Scenario: Shown"),
		want: []spec.Scenario{sc("Shown", 3, "")},
	},
	{
		name: "one-line comment hides nothing after it",
		in:   lines("<!-- note -->", "#### Scenario: Shown"),
		want: []spec.Scenario{sc("Shown", 2, "")},
	},
	{
		name: "empty comment <!--> is complete",
		in:   lines("<!-->", "#### Scenario: Shown"),
		want: []spec.Scenario{sc("Shown", 2, "")},
	},
	{
		name: "comment inside a fence is code",
		in:   lines("#### Scenario: A", "```", "<!--", "```", "#### Scenario: B"),
		want: []spec.Scenario{sc("A", 1, "```\n<!--\n```"), sc("B", 5, "")},
	},
	{
		name: "fence inside a comment is comment",
		in:   lines("<!--", "```", "-->", "#### Scenario: B"),
		want: []spec.Scenario{sc("B", 4, "")},
	},
	{
		name: "indented four spaces is code, not a comment",
		in:   lines("    <!--", "#### Scenario: B"),
		want: []spec.Scenario{sc("B", 2, "")},
	},
}

func TestScanComments(t *testing.T) {
	for _, tt := range commentCases {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, spec.Scan([]byte(tt.in)), "Scan(%q)", tt.in)
		})
	}
}

func TestNearMissInsideCommentIgnored(t *testing.T) {
	d := spec.Parse([]byte(lines("<!--", "### Scenario: old", "**Scenario: bold**", "-->", "### Scenario: real")))
	require.Len(t, d.NearMisses, 1)
	assert.Equal(t, 5, d.NearMisses[0].Line)
}

// TestScanCREqualsLF: classic Mac OS line endings (a lone CR) are line
// breaks (issue 9, item 8: the whole file was one line, 0 scenarios).
func TestScanCREqualsLF(t *testing.T) {
	for _, tt := range append(allScanCases(), commentCases...) {
		t.Run(tt.name, func(t *testing.T) {
			lf := strings.ReplaceAll(tt.in, "\r\n", "\n")
			cr := strings.ReplaceAll(lf, "\n", "\r")
			// Bodies keep their line breaks verbatim (issue 27).
			toCR := func(b string) string { return strings.ReplaceAll(b, "\n", "\r") }
			assert.Equal(t, withEOL(spec.Parse([]byte(lf)), toCR), spec.Parse([]byte(cr)), "Parse(%q)", cr)
		})
	}
	got := spec.Scan([]byte("# a\r\r#### Scenario: One\rbody\r#### Scenario: Two\r"))
	assert.Equal(t, []spec.Scenario{sc("One", 3, "body"), sc("Two", 5, "")}, got)
}

func TestUnclosed(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want *spec.Unclosed
	}{
		{
			name: "unclosed fence hiding scenarios",
			in:   lines("#### Scenario: A", "```", "#### Scenario: B", "text", "#### Scenario: C"),
			want: &spec.Unclosed{Line: 2, What: "code fence", Hidden: []int{3, 5}},
		},
		{
			name: "unclosed comment hiding a scenario",
			in:   lines("x", "<!-- todo", "#### Scenario: B"),
			want: &spec.Unclosed{Line: 2, What: "HTML comment", Hidden: []int{3}},
		},
		{
			name: "unclosed fence hiding no scenario",
			in:   lines("#### Scenario: A", "```", "### Other", "#### Scenario x"),
		},
		{
			name: "closed fence",
			in:   lines("```", "#### Scenario: B", "```"),
		},
		{
			name: "hidden scenario of an earlier closed fence does not count",
			in:   lines("```", "#### Scenario: B", "```", "~~~", "text"),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, spec.Parse([]byte(tt.in)).Unclosed)
		})
	}
}
