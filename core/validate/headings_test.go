package validate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/spec"
)

func TestMalformedHeadings(t *testing.T) {
	file := func(capability, text string) spec.File {
		return spec.File{Capability: capability, Path: "openspec/specs/" + capability + "/spec.md", Doc: spec.Parse([]byte(text))}
	}
	files := []spec.File{
		file("auth", "#### Scenario: ok\n\n### Scenario: login\n```\n### Scenario: fenced\n```\n"),
		file("clean", "#### Scenario: fine\n"),
		file("x", "**Scenario: out**\n"),
	}
	got := malformedHeadings(files)
	require.Len(t, got, 2)
	want := finding.New(finding.MalformedScenarioHeading,
		"openspec/specs/auth/spec.md:3: `### Scenario: login` is not a scenario heading: write `#### Scenario: login`")
	want.Spec, want.SpecPath = "auth", "openspec/specs/auth/spec.md"
	want.Heading = &finding.Heading{Line: 3, Written: "### Scenario: login", Corrected: "#### Scenario: login"}
	assert.Equal(t, want, got[0])
	assert.Equal(t, "openspec/specs/x/spec.md", got[1].SpecPath)
	assert.Equal(t, 1, got[1].Heading.Line)
	assert.False(t, got[0].Blocking(), "a near miss is a warning, not a gate failure")
	assert.Empty(t, malformedHeadings(files[1:2]))
}
