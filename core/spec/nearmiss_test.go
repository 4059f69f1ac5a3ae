package spec_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/core/spec"
)

func nm(line int, written, corrected string) spec.NearMiss {
	return spec.NearMiss{Line: line, Written: written, Corrected: corrected}
}

func TestNearMisses(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []spec.NearMiss
	}{
		{name: "level 3", in: lines("### Scenario: login"), want: []spec.NearMiss{nm(1, "### Scenario: login", "#### Scenario: login")}},
		{name: "level 5", in: lines("##### Scenario: login"), want: []spec.NearMiss{nm(1, "##### Scenario: login", "#### Scenario: login")}},
		{name: "level 2 and 1", in: lines("## Scenario: a", "# SCENARIO: b"), want: []spec.NearMiss{nm(1, "## Scenario: a", "#### Scenario: a"), nm(2, "# SCENARIO: b", "#### Scenario: b")}},
		{name: "lowercase", in: lines("#### scenario: login"), want: []spec.NearMiss{nm(1, "#### scenario: login", "#### Scenario: login")}},
		{name: "uppercase", in: lines("#### SCENARIO: login"), want: []spec.NearMiss{nm(1, "#### SCENARIO: login", "#### Scenario: login")}},
		{name: "no colon", in: lines("#### Scenario login works"), want: []spec.NearMiss{nm(1, "#### Scenario login works", "#### Scenario: login works")}},
		{name: "no space after the hashes", in: lines("####Scenario: login"), want: []spec.NearMiss{nm(1, "####Scenario: login", "#### Scenario: login")}},
		{name: "one hash glued to the word", in: lines("#Scenario: login"), want: []spec.NearMiss{nm(1, "#Scenario: login", "#### Scenario: login")}},
		{name: "six hashes glued to the word", in: lines("######Scenario: login"), want: []spec.NearMiss{nm(1, "######Scenario: login", "#### Scenario: login")}},
		{name: "seven hashes are no heading at all", in: lines("#######Scenario: login", "####### Scenario: login")},
		{name: "bold line", in: lines("**Scenario: login**"), want: []spec.NearMiss{nm(1, "**Scenario: login**", "#### Scenario: login")}},
		{name: "bold word", in: lines("**Scenario**: login", "__Scenario:__ out"), want: []spec.NearMiss{nm(1, "**Scenario**: login", "#### Scenario: login"), nm(2, "__Scenario:__ out", "#### Scenario: out")}},
		{name: "closing sequence and indentation", in: lines("  ### Scenario: login ###  "), want: []spec.NearMiss{nm(1, "### Scenario: login ###", "#### Scenario: login")}},
		{name: "empty title", in: lines("### Scenario:"), want: []spec.NearMiss{nm(1, "### Scenario:", "#### Scenario:")}},
		{name: "CRLF", in: "text\r\n### Scenario: login\r\n", want: []spec.NearMiss{nm(2, "### Scenario: login", "#### Scenario: login")}},
		{name: "a scenario heading is no near miss", in: lines("#### Scenario: login", "#### Scenario:tight", " #### Scenario: indented")},
		{
			name: "prose is no near miss",
			in: lines(
				"The scenario: a user logs in.",
				"Scenario: written as plain text",
				"- **Scenario: in a bullet**",
				"**Scenario: login** happens when the user arrives",
				"**Scenarios**: several",
				"### Scenarios",
				"### Scenario overview",
				"#### Scenarios",
				"#### Scenario",
				"#### Notes about a scenario",
				"#hashtag scenario",
				"*Scenario: italic*",
			),
		},
		{name: "fences hide near misses", in: lines("```", "### Scenario: example", "**Scenario: x**", "```", "~~~", "#### scenario: y", "~~~")},
		{name: "indented code hides near misses", in: lines("    ### Scenario: example")},
		{name: "front matter hides near misses", in: lines("---", "### Scenario: x", "---", "##### Scenario: y"), want: []spec.NearMiss{nm(4, "##### Scenario: y", "#### Scenario: y")}},
		{
			name: "inside a scenario body, which it does not end unless it is a heading",
			in:   lines("## Requirements", "#### Scenario: A", "a", "**Scenario: B**", "b", "### Scenario: C"),
			want: []spec.NearMiss{nm(4, "**Scenario: B**", "#### Scenario: B"), nm(6, "### Scenario: C", "#### Scenario: C")},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, spec.Parse([]byte(tt.in)).NearMisses, "Parse(%q).NearMisses", tt.in)
		})
	}
}
