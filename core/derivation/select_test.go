package derivation_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/derivation"
	"github.com/espectacular/ah/core/unit"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

// selectRepo has four dual-format capabilities, one Properties row each:
// gate, gate/sub nested under it, gateway beside it, and x/y under x, a
// parent that is no capability.
func selectRepo() (map[string]string, map[string]ports.SpkSpec) {
	files, specs := map[string]string{}, map[string]ports.SpkSpec{}
	for _, c := range []string{"gate", "gate/sub", "gateway", "x/y"} {
		p := "openspec/specs/" + c + "/spec.md"
		files[p] = specText("P-a")
		specs[p] = ports.SpkSpec{Properties: []ports.SpkRow{row("P-a", "p")}}
	}
	return files, specs
}

func planCaps(t *testing.T, files map[string]string, spk ports.Spk, caps ...string) (derivation.Result, error) {
	t.Helper()
	cfg, err := config.Parse([]byte("tool_version = \"0.1.0\"\n"))
	require.NoError(t, err)
	return derivation.Derive(t.Context(), repo(files), cfg, spk, derivation.Options{AuthoredWith: "0.1.0", Capabilities: caps})
}

// TestPlanSelectsCapabilities: ah sync CAP... derives only the selected
// capabilities, as ah check selects units: a capability with those nested
// under it (not a sibling sharing its prefix), a parent that is no
// capability selects its children; spk never sees the other specs.
func TestPlanSelectsCapabilities(t *testing.T) {
	tests := []struct {
		caps []string
		want []string // capabilities derived
	}{
		{nil, []string{"gate", "gate/sub", "gateway", "x/y"}},
		{[]string{"gate"}, []string{"gate", "gate/sub"}},
		{[]string{"gate/sub"}, []string{"gate/sub"}},
		{[]string{"/gateway/"}, []string{"gateway"}},
		{[]string{"x"}, []string{"x/y"}},
		{[]string{"gateway", "x/y"}, []string{"gateway", "x/y"}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.caps, ","), func(t *testing.T) {
			files, specs := selectRepo()
			spk := &portstest.Spk{Specs: specs}
			res, err := planCaps(t, files, spk, tt.caps...)
			require.NoError(t, err)
			var got, linted []string
			for _, c := range res.Contracts {
				got = append(got, c.Capability)
				assert.Equal(t, ".espectacular/"+c.Capability+"/p-a.toml", c.ContractPath)
			}
			for _, call := range spk.Calls() {
				if p, ok := strings.CutPrefix(call, "lint "); ok {
					linted = append(linted, strings.TrimSuffix(strings.TrimPrefix(p, "openspec/specs/"), "/spec.md"))
				}
			}
			slices.Sort(linted)
			assert.Equal(t, tt.want, got)
			assert.Equal(t, tt.want, linted, "spk lints only the selected specs")
		})
	}
}

// TestPlanSelectionIgnoresOtherRefusals: a lint-dirty spec outside the
// selection is not linted, so it neither refuses nor blocks the sync.
func TestPlanSelectionIgnoresOtherRefusals(t *testing.T) {
	files, specs := selectRepo()
	spk := &portstest.Spk{Specs: specs, Lints: map[string]ports.SpkLint{"openspec/specs/gateway/spec.md": {Issues: []ports.SpkIssue{{RuleID: "linter.coverage"}}}}}
	res, err := planCaps(t, files, spk, "x")
	require.NoError(t, err)
	assert.Empty(t, res.Refusals)
	require.Len(t, res.Contracts, 1)
	assert.Equal(t, derivation.Missing, res.Contracts[0].State)
}

// TestPlanUnknownCapability: an argument naming no capability is the
// error ah check gives for an unknown unit, with the close names; a
// scenario key is no capability, and nothing runs spk.
func TestPlanUnknownCapability(t *testing.T) {
	files, specs := selectRepo()
	for _, tt := range []struct{ arg, msg string }{
		{"gat", `"gat" names no capability in scope; close capabilities: gate, gate/sub, gateway`},
		{"zzz", `"zzz" names no capability in scope`},
		{"gate/s", `"gate/s" names no capability in scope; close capabilities: gate, gate/sub, gateway`},
	} {
		spk := &portstest.Spk{Specs: specs}
		_, err := planCaps(t, files, spk, "gate", tt.arg)
		var uue *unit.UnknownError
		require.True(t, errors.As(err, &uue), "%s: got %v", tt.arg, err)
		assert.Equal(t, tt.arg, uue.Arg)
		assert.EqualError(t, err, tt.msg)
		assert.Empty(t, spk.Calls())
	}
}
