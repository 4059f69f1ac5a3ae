package check_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/check"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/spec"
	"github.com/espectacular/ah/core/unit"
)

// TestRunSpecsDirError: a specs directory that is missing or a file is an
// error naming the path and [paths] specs, never a pass on nothing.
func TestRunSpecsDirError(t *testing.T) {
	tests := []struct {
		name, want string
		files      map[string]string
	}{
		{"missing", "specs directory openspec/specs does not exist: set [paths] specs in .espectacular/config.toml",
			map[string]string{config.Path: configTOML}},
		{"a file", "specs directory openspec/specs is a file, not a directory: set [paths] specs in .espectacular/config.toml",
			map[string]string{config.Path: configTOML, "openspec/specs": "# x\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := check.Run(t.Context(), mapFS(tt.files), parseConfig(t, tt.files), check.Options{})
			var sde *spec.DirError
			require.True(t, errors.As(err, &sde), "got %v", err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

// selectFiles has two capabilities: gate (alpha, beta; a contract for
// alpha only) and api (ay, without a contract), plus an orphan in api.
func selectFiles() map[string]string {
	return map[string]string{
		config.Path:                           configTOML,
		"openspec/specs/gate/spec.md":         gateSpec,
		".espectacular/gate/alpha-works.toml": contractTOML("alpha-works"),
		"openspec/specs/api/spec.md":          "#### Scenario: Ay\na\n",
		".espectacular/api/old.toml":          contractTOML("old"),
	}
}

// TestRunUnits: unit arguments limit the check to a capability or one
// scenario; the rest are counted as skipped, and their findings (a missing
// contract, an orphan) are not reported.
func TestRunUnits(t *testing.T) {
	tests := []struct {
		name      string
		units     []string
		want      []string
		scenarios int
		skipped   int
	}{
		{"everything", nil, []string{
			"no-toml openspec/specs/api/spec.md ay .espectacular/api/ay.toml",
			"orphan-toml openspec/specs/api/spec.md  .espectacular/api/old.toml",
			"no-toml " + gatePath + " beta-works " + betaToml,
		}, 3, 0},
		{"one capability", []string{"api"}, []string{
			"no-toml openspec/specs/api/spec.md ay .espectacular/api/ay.toml",
			"orphan-toml openspec/specs/api/spec.md  .espectacular/api/old.toml",
		}, 1, 2},
		{"one scenario", []string{"gate/alpha-works"}, []string{}, 1, 2},
		{"a scenario and a capability", []string{"gate/beta-works", "api"}, []string{
			"no-toml openspec/specs/api/spec.md ay .espectacular/api/ay.toml",
			"orphan-toml openspec/specs/api/spec.md  .espectacular/api/old.toml",
			"no-toml " + gatePath + " beta-works " + betaToml,
		}, 2, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := selectFiles()
			rep, err := check.Run(t.Context(), mapFS(files), parseConfig(t, files), check.Options{Units: tt.units})
			require.NoError(t, err)
			got := []string{}
			for _, f := range rep.Findings {
				got = append(got, brief(f))
			}
			assert.Equal(t, tt.want, got)
			assert.Equal(t, tt.scenarios, rep.Summary.Scenarios)
			assert.Equal(t, tt.skipped, rep.Summary.Skipped)
			assert.Len(t, rep.Units, tt.scenarios, "skipped units are not listed as checked")
		})
	}
}

// TestRunNestedUnits: a capability argument takes the capabilities nested
// under it, and a parent that is no capability itself selects its nested
// ones; a sibling whose name merely starts the same stays out.
func TestRunNestedUnits(t *testing.T) {
	files := map[string]string{
		config.Path:                   configTOML,
		"openspec/specs/a/spec.md":    "#### Scenario: Top\nt\n",
		"openspec/specs/a/b/spec.md":  "#### Scenario: Deep\nd\n",
		"openspec/specs/ab/spec.md":   "#### Scenario: Sibling\ns\n",
		"openspec/specs/x/y/spec.md":  "#### Scenario: Only nested\no\n",
		".espectacular/a/b/gone.toml": contractTOML("gone"),
	}
	tests := []struct {
		units []string
		want  []string
	}{
		{[]string{"a"}, []string{"a/b/deep", "a/top"}},
		{[]string{"a/b"}, []string{"a/b/deep"}},
		{[]string{"x"}, []string{"x/y/only-nested"}},
		{[]string{"a/top"}, []string{"a/top"}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.units, ","), func(t *testing.T) {
			rep, err := check.Run(t.Context(), mapFS(files), parseConfig(t, files), check.Options{Units: tt.units})
			require.NoError(t, err)
			var got []string
			for _, u := range rep.Units {
				got = append(got, u.Capability+"/"+u.Scenario.ID)
			}
			slices.Sort(got)
			assert.Equal(t, tt.want, got)
			assert.Equal(t, 4-len(tt.want), rep.Summary.Skipped)
		})
	}
}

// TestRunUnknownUnit: an argument naming nothing is an error naming it and
// the close capability names.
func TestRunUnknownUnit(t *testing.T) {
	files := selectFiles()
	_, err := check.Run(t.Context(), mapFS(files), parseConfig(t, files), check.Options{Units: []string{"gate", "gat/alpha"}})
	var uue *unit.UnknownError
	require.True(t, errors.As(err, &uue), "got %v", err)
	assert.Equal(t, "gat/alpha", uue.Arg)
	assert.Equal(t, []string{"gate"}, uue.Close)
	assert.EqualError(t, err, `"gat/alpha" names no capability and no <capability>/<scenario-id> in scope; close capabilities: gate`)
}

// TestRunStrict: with Strict a warning fails the gate; without, it does not.
func TestRunStrict(t *testing.T) {
	files := map[string]string{config.Path: configTOML, "openspec/specs/gate/spec.md": "# gate\n\n### Scenario: Near miss\n"}
	for _, strict := range []bool{false, true} {
		rep, err := check.Run(t.Context(), mapFS(files), parseConfig(t, files), check.Options{Strict: strict})
		require.NoError(t, err)
		assert.Equal(t, map[finding.Kind]int{finding.NoScenarios: 1, finding.MalformedScenarioHeading: 1}, rep.Summary.CountsByKind)
		assert.Equal(t, 2, rep.Summary.Warnings)
		assert.Equal(t, strict, rep.Failed(), "strict=%v", strict)
	}
}

// TestRunUnknownUnitCloseNames: a capability is close at an edit distance
// of up to a third of the argument's first segment (at least 1), or when
// one name contains the other; with none close the error says nothing more.
func TestRunUnknownUnitCloseNames(t *testing.T) {
	files := selectFiles()
	tests := []struct {
		arg, want string
	}{
		{"gite", `"gite" names no capability and no <capability>/<scenario-id> in scope; close capabilities: gate`},
		{"gatexx", `"gatexx" names no capability and no <capability>/<scenario-id> in scope; close capabilities: gate`},
		{"giti", `"giti" names no capability and no <capability>/<scenario-id> in scope`},
		{"zzzzzz", `"zzzzzz" names no capability and no <capability>/<scenario-id> in scope`},
	}
	for _, tt := range tests {
		t.Run(tt.arg, func(t *testing.T) {
			_, err := check.Run(t.Context(), mapFS(files), parseConfig(t, files), check.Options{Units: []string{tt.arg}})
			assert.EqualError(t, err, tt.want)
		})
	}
}
