package check_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/check"
	"github.com/espectacular/ah/core/overlay"
)

// addGamma is a change adding the scenario "Gamma works" to gate, with no
// staged contract.
var addGamma = map[string]string{
	"openspec/changes/add-gamma/proposal.md": "Add gamma.\n",
	"openspec/changes/add-gamma/specs/gate/spec.md": "## ADDED Requirements\n\n### Requirement: Gamma\nThe gate SHALL gamma.\n\n" +
		"#### Scenario: Gamma works\n- WHEN gamma\n- THEN ok\n",
}

// gammaNoTOML is the finding of gamma's missing staged contract.
const gammaNoTOML = "no-toml openspec/changes/add-gamma/specs/gate/spec.md gamma-works .espectacular/changes/add-gamma/gate/gamma-works.toml"

// supersededBeta is beta's contract marked superseded by the scenario by.
func supersededBeta(by string) string {
	return strings.Replace(contractTOML("beta-works"), "status = \"active\"\nsuperseded_by = \"\"",
		"status = \"superseded\"\nsuperseded_by = \""+by+"\"", 1)
}

// TestRunChanges: --changes overlays the selected changes on the deployed
// scope; superseded_by is checked only there, against the whole overlay
// scope.
func TestRunChanges(t *testing.T) {
	tests := []struct {
		name      string
		changes   []string
		beta      string
		want      []string
		scenarios int
	}{
		{
			name: "without changes superseded_by is not checked", beta: supersededBeta("nope"),
			want: []string{}, scenarios: 2,
		},
		{
			name: "a change adds a scenario; its contract is staged", changes: []string{"add-gamma"}, beta: contractTOML("beta-works"),
			want:      []string{gammaNoTOML},
			scenarios: 3,
		},
		{
			name: "superseded_by names no scenario in scope", changes: []string{"add-gamma"}, beta: supersededBeta("nope"),
			want:      []string{gammaNoTOML, "missing-replacement " + gatePath + " beta-works " + betaToml},
			scenarios: 3,
		},
		{
			name: "superseded_by names a scenario the change adds", changes: []string{"add-gamma"}, beta: supersededBeta("gamma-works"),
			want:      []string{gammaNoTOML},
			scenarios: 3,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := edit(addGamma)
			files[betaToml] = tt.beta
			rep, err := check.Run(t.Context(), mapFS(files), parseConfig(t, files), check.Options{Changes: tt.changes})
			require.NoError(t, err)
			got := []string{}
			for _, f := range rep.Findings {
				got = append(got, brief(f))
				if f.Kind == "no-toml" && assert.NotNil(t, f.Step) {
					assert.Nil(t, f.ApplyCommand, "issue 27: a stub is no mechanical fix")
					assert.Equal(t, "ah contract new --change add-gamma gate gamma-works", *f.Step, "staged in the change")
				}
			}
			assert.Equal(t, tt.want, got, "messages: %q", messages(rep.Findings))
			assert.Equal(t, tt.scenarios, rep.Summary.Scenarios)
			want := tt.changes
			if want == nil {
				want = []string{}
			}
			assert.Equal(t, want, rep.Scope.Changes)
		})
	}
}

func TestRunMissingReplacementMessage(t *testing.T) {
	files := edit(addGamma)
	files[betaToml] = supersededBeta("nope")
	rep, err := check.Run(t.Context(), mapFS(files), parseConfig(t, files), check.Options{Changes: []string{"add-gamma"}})
	require.NoError(t, err)
	require.Len(t, rep.Findings, 2)
	assert.Equal(t, `.espectacular/gate/beta-works.toml is superseded by "nope", but capability "gate" has no scenario "nope" in scope: add the replacement scenario (in the spec, or in a change selected with --changes), or fix superseded_by`,
		rep.Findings[1].Message)
}

// TestRunUnknownChange: a change that is not there is an error, not a
// check of nothing.
func TestRunUnknownChange(t *testing.T) {
	files := edit(addGamma)
	_, err := check.Run(t.Context(), mapFS(files), parseConfig(t, files), check.Options{Changes: []string{"add-nothing"}})
	var uce *overlay.UnknownChangeError
	require.True(t, errors.As(err, &uce), "got %v", err)
	assert.Equal(t, "add-nothing", uce.ID)
}

// TestRunReservedCapability: a capability named changes is an
// overlay-conflict, reported when its capability is in the units checked.
func TestRunReservedCapability(t *testing.T) {
	files := edit(map[string]string{"openspec/specs/changes/spec.md": "# changes\n\n#### Scenario: Log\nTHEN log\n"})
	for _, tt := range []struct {
		units []string
		want  []string
	}{
		{nil, []string{
			"overlay-conflict openspec/specs/changes/spec.md  ",
			"no-toml openspec/specs/changes/spec.md log .espectacular/changes/log.toml",
		}},
		{[]string{"changes"}, []string{
			"overlay-conflict openspec/specs/changes/spec.md  ",
			"no-toml openspec/specs/changes/spec.md log .espectacular/changes/log.toml",
		}},
		{[]string{"gate"}, []string{}},
	} {
		t.Run(strings.Join(tt.units, ","), func(t *testing.T) {
			rep, err := check.Run(t.Context(), mapFS(files), parseConfig(t, files), check.Options{Units: tt.units})
			require.NoError(t, err)
			got := []string{}
			for _, f := range rep.Findings {
				got = append(got, brief(f))
			}
			assert.Equal(t, tt.want, got, "messages: %q", messages(rep.Findings))
		})
	}
}
