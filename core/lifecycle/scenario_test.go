package lifecycle_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/lifecycle"
)

func TestNewScenario(t *testing.T) {
	delta := "openspec/changes/c/specs/p/spec.md"
	existing := "## ADDED Requirements\n\n### Requirement: A\nText.\n\n#### Scenario: One\n- **THEN** one\n\n### Requirement: B\nMore.\n"
	req := lifecycle.ScenarioRequest{Changes: "openspec/changes", Change: "c", Capability: "p", Requirement: "A", Heading: "Two", Version: "0.12.0", TestType: "go"}
	tests := []struct {
		name    string
		files   map[string]string
		req     func(r lifecycle.ScenarioRequest) lifecycle.ScenarioRequest
		want    string
		wantErr string
	}{
		{"appended at the end of its requirement, before the next", map[string]string{"openspec/changes/c/proposal.md": "", delta: existing}, nil,
			"## ADDED Requirements\n\n### Requirement: A\nText.\n\n#### Scenario: One\n- **THEN** one\n\n#### Scenario: Two\n- **GIVEN** [the starting state]\n- **WHEN** [the action or condition]\n- **THEN** [the expected observable result]\n\n### Requirement: B\nMore.\n", ""},
		{"requirement names match exactly", map[string]string{delta: existing},
			func(r lifecycle.ScenarioRequest) lifecycle.ScenarioRequest { r.Requirement = "a"; return r },
			"", `has no requirement "a"; its requirements: "A", "B"`},
		{"duplicate id", map[string]string{delta: existing},
			func(r lifecycle.ScenarioRequest) lifecycle.ScenarioRequest { r.Heading = "one"; return r },
			"", `already has a scenario with id "one"`},
		{"unknown change", map[string]string{"openspec/changes/other/proposal.md": ""}, nil, "", `no change "c" under openspec/changes; known: other`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := newRepo(tt.files)
			r := req
			if tt.req != nil {
				r = tt.req(r)
			}
			ops, err := lifecycle.NewScenario(m.fs, r)
			if tt.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.wantErr)
				return
			}
			require.NoError(t, err)
			require.Len(t, ops, 2)
			assert.Equal(t, tt.want, string(ops[0].Data))
			assert.Equal(t, ".espectacular/changes/c/p/two.toml", ops[1].Path)
		})
	}
}

func TestNewScenarioEdges(t *testing.T) {
	delta := "openspec/changes/c/specs/p/spec.md"
	block := "#### Scenario: Two\n- **GIVEN** [the starting state]\n- **WHEN** [the action or condition]\n- **THEN** [the expected observable result]\n"
	req := lifecycle.ScenarioRequest{Changes: "openspec/changes", Change: "c", Capability: "p", Requirement: " A ", Heading: " Two ", Version: "0.12.0", TestType: "shell"}
	change := map[string]string{"openspec/changes/c/proposal.md": ""}
	with := func(path, text string) map[string]string {
		return map[string]string{"openspec/changes/c/proposal.md": "", path: text}
	}
	tests := []struct {
		name    string
		files   map[string]string
		edit    func(*lifecycle.ScenarioRequest)
		want    string
		wantErr string
	}{
		{"a new delta", change, nil,
			"## ADDED Requirements\n\n### Requirement: A\nThe system SHALL [describe the requirement].\n\n" + block, ""},
		{"a requirement outside any section, at the end without a newline", with(delta, "### Requirement: A\nText."), nil,
			"### Requirement: A\nText.\n\n" + block, ""},
		{"no requirements at all", with(delta, "# nothing\n"), nil, "", `has no requirement "A"; its requirements: none (names match exactly)`},
		{"heading without a letter", change, func(r *lifecycle.ScenarioRequest) { r.Heading = " -- " }, "",
			`scenario heading " -- " has no letter or digit, so it would have no id: give it a descriptive title`},
		{"no requirement", change, func(r *lifecycle.ScenarioRequest) { r.Requirement = "  " }, "", "--requirement must name the requirement"},
		{"bad change id", change, func(r *lifecycle.ScenarioRequest) { r.Change = ".hidden" }, "",
			`".hidden" is not a change id: use the directory name under openspec/changes`},
		{"change is a file", map[string]string{"openspec/changes/c": ""}, nil, "", `no change "c" under openspec/changes; known: none`},
		{"capability is the root", change, func(r *lifecycle.ScenarioRequest) { r.Capability = "." }, "", `"." is not a capability`},
		{"capability leaves the tree", change, func(r *lifecycle.ScenarioRequest) { r.Capability = "../p" }, "", `"../p" is not a capability`},
		{"unreadable delta", with(delta+"/x", ""), nil, "", "read " + delta + ": "},
		{"staged already", with(".espectacular/changes/c/p/two.toml", ""), nil, "",
			"refusing to overwrite .espectacular/changes/c/p/two.toml: the change stages a contract of that id already"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkPlan(t, lifecycle.NewScenario, tt.files, req, tt.edit, tt.wantErr, []lifecycle.Op{
				{Path: delta, Data: []byte(tt.want)},
				{Path: ".espectacular/changes/c/p/two.toml", Data: lifecycle.Stub("two", "Two", "0.12.0", "shell"), Create: true},
			})
		})
	}
}

// TestNewScenarioModified: a requirement the deployed spec has is restated
// under MODIFIED with every scenario it has, then the new one (issue 39):
// in a new delta, and in an existing delta's MODIFIED section.
func TestNewScenarioModified(t *testing.T) {
	deployed := "# p\n\n## Requirements\n\n### Requirement: A\nThe p SHALL a.\n\n#### Scenario: One\n- **THEN** one\n\n### Requirement: B\nThe p SHALL b.\n"
	block := "#### Scenario: Two\n- **GIVEN** [the starting state]\n- **WHEN** [the action or condition]\n- **THEN** [the expected observable result]\n"
	restated := "### Requirement: A\nThe p SHALL a.\n\n#### Scenario: One\n- **THEN** one\n\n" + block
	req := lifecycle.ScenarioRequest{Specs: "openspec/specs", Changes: "openspec/changes", Change: "c", Capability: "p", Requirement: "A", Heading: "Two", Version: "0.12.0", TestType: "shell"}
	tests := []struct{ name, delta, want string }{
		{"a new delta", "", "## MODIFIED Requirements\n\n" + restated},
		{"a delta adding another", "## ADDED Requirements\n\n### Requirement: C\nThe p SHALL c.\n", "## ADDED Requirements\n\n### Requirement: C\nThe p SHALL c.\n\n## MODIFIED Requirements\n\n" + restated},
		{"a delta modifying another", "## MODIFIED Requirements\n\n### Requirement: B\nThe p SHALL b twice.\n\n## REMOVED Requirements\n", "## MODIFIED Requirements\n\n### Requirement: B\nThe p SHALL b twice.\n\n" + restated + "\n## REMOVED Requirements\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{"openspec/changes/c/proposal.md": "", "openspec/specs/p/spec.md": deployed}
			if tt.delta != "" {
				files["openspec/changes/c/specs/p/spec.md"] = tt.delta
			}
			ops, err := lifecycle.NewScenario(newRepo(files).fs, req)
			require.NoError(t, err)
			assert.Equal(t, tt.want, string(ops[0].Data))
		})
	}
	files := map[string]string{"openspec/changes/c/proposal.md": "", "openspec/specs/p/spec.md": deployed}
	_, err := lifecycle.NewScenario(newRepo(files).fs, func() lifecycle.ScenarioRequest { r := req; r.Heading = "One"; return r }())
	require.ErrorContains(t, err, `requirement "A" already has a scenario with id "one"`)
}
