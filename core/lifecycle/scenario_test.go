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
