package validate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/spec"
)

// TestDuplicateRequirements: a deployed spec repeating a requirement block
// in one section (OpenSpec rejects the spec) is warned about, naming both
// lines, instead of being folded silently; a delta section mirrored under
// Requirements (seed 004's dedupe) is no repeat (issue 28).
func TestDuplicateRequirements(t *testing.T) {
	file := func(capability, text string) spec.File {
		return spec.File{Capability: capability, Path: "openspec/specs/" + capability + "/spec.md", Doc: spec.Parse([]byte(text))}
	}
	block := "### Requirement: Parse\nIt SHALL parse.\n\n#### Scenario: Parses\n- **THEN** it parses\n\n"
	files := []spec.File{
		file("twice", "# twice\n\n## Requirements\n\n"+block+block),
		file("mirror", "# mirror\n\n## ADDED Requirements\n\n"+block+"## Requirements\n\n"+block),
		file("once", "# once\n\n## Requirements\n\n"+block),
	}
	got := duplicateRequirements(files)
	require.Len(t, got, 1)
	line := 11
	want := finding.New(finding.DuplicateRequirement,
		`openspec/specs/twice/spec.md:11: requirement "Parse" repeats the block at line 5; OpenSpec rejects a spec with two requirements of one name (openspec validate): delete one of them, or merge them`)
	want.Spec, want.SpecPath, want.Line = "twice", "openspec/specs/twice/spec.md", &line
	assert.Equal(t, want, got[0])
	assert.True(t, got[0].Blocking(), "issue 39: an error, as openspec validate's")
}

// TestOutsideRequirements: in a main spec with a `## Requirements`
// section, a requirement header or a loose scenario outside it is what
// OpenSpec cannot see (issue 39); a spec without that section, and a
// change's delta, are not judged.
func TestOutsideRequirements(t *testing.T) {
	file := func(capability, text string) spec.File {
		return spec.File{Capability: capability, Path: "openspec/specs/" + capability + "/spec.md", Doc: spec.Parse([]byte(text))}
	}
	block := "### Requirement: Parse\nIt SHALL parse.\n\n#### Scenario: Parses\n- **THEN** it parses\n\n"
	files := []spec.File{
		file("before", "# before\n\n## Purpose\nP.\n\n"+block+"## Requirements\n\n### Requirement: In\nIt SHALL.\n"),
		file("after", "# after\n\n## Requirements\n\n"+block+"## Notes\n\n#### Scenario: Loose\n- **THEN** x\n"),
		file("minimal", "# minimal\n\n#### Scenario: Loose\n- **THEN** x\n"),
		file("inside", "# inside\n\n## Requirements\n\n"+block),
		file("deltashaped", "# Delta for x\n\n## ADDED Requirements\n\n"+block),
		{Capability: "c", Path: "openspec/changes/c/specs/c/spec.md", Doc: spec.Parse([]byte("## ADDED Requirements\n\n" + block))},
	}
	got := outsideRequirements(files, "openspec/specs")
	require.Len(t, got, 3)
	assert.Contains(t, got[2].Message, `openspec/specs/deltashaped/spec.md:5: requirement "Parse" is outside the `+"`## Requirements`"+` section (under "## ADDED Requirements", a delta header`)
	assert.Contains(t, got[0].Message, `openspec/specs/before/spec.md:6: requirement "Parse" is outside the `+"`## Requirements`"+` section`)
	assert.Contains(t, got[1].Message, `openspec/specs/after/spec.md:13: scenario "Loose" is outside`)
	assert.True(t, got[0].Blocking())
}
