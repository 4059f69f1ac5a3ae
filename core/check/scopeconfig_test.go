package check_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/check"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/report"
)

// TestRunConfigScope: [scope] include/exclude narrows the gate (issue 28);
// the scenarios left out are counted as out of scope and listed with that
// status, never passed, and their missing or orphan contracts are no
// findings.
func TestRunConfigScope(t *testing.T) {
	tests := []struct {
		name, scope string
		want        []string
		scenarios   int
		outOfScope  []string
	}{
		{"no scope", "", []string{
			"no-toml openspec/specs/api/spec.md ay .espectacular/api/ay.toml",
			"orphan-toml openspec/specs/api/spec.md  .espectacular/api/old.toml",
			"no-toml " + gatePath + " beta-works " + betaToml,
		}, 3, nil},
		{"include a capability", "[scope]\ninclude = [\"gate\"]\n", []string{
			"no-toml " + gatePath + " beta-works " + betaToml,
		}, 2, []string{"api/ay"}},
		{"exclude a glob", "[scope]\nexclude = [\"gate/beta-*\", \"api\"]\n", []string{}, 1, []string{"api/ay", "gate/beta-works"}},
		{"exclude wins over include", "[scope]\ninclude = [\"api\", \"gate\"]\nexclude = [\"api/**\"]\n", []string{
			"no-toml " + gatePath + " beta-works " + betaToml,
		}, 2, []string{"api/ay"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := selectFiles()
			files[config.Path] = configTOML + "\n" + tt.scope
			rep, err := check.Run(t.Context(), mapFS(files), parseConfig(t, files), check.Options{})
			require.NoError(t, err)
			got := []string{}
			for _, f := range rep.Findings {
				got = append(got, brief(f))
			}
			assert.Equal(t, tt.want, got)
			assert.Equal(t, tt.scenarios, rep.Summary.Scenarios)
			assert.Equal(t, len(tt.outOfScope), rep.Summary.OutOfScope)
			var out []string
			for _, u := range rep.OutOfScope {
				assert.Equal(t, report.UnitOutOfScope, u.Status)
				out = append(out, u.Capability+"/"+u.Scenario.ID)
			}
			assert.Equal(t, tt.outOfScope, out)
			assert.Len(t, rep.Units, tt.scenarios, "out-of-scope units are not listed as checked")
		})
	}
}
