package check_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/check"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/validate"
)

// TestRunOrphanMessages: an orphan's message points at its spec only when
// the spec exists, and at the scenario's real home when the contract sits
// in the wrong capability folder (issue 8).
func TestRunOrphanMessages(t *testing.T) {
	tests := []struct {
		name, path, want string
	}{
		{
			name: "scenario gone from its spec", path: ".espectacular/gate/gone.toml",
			want: `.espectacular/gate/gone.toml has no matching scenario "gone" in openspec/specs/gate/spec.md: delete or rename the contract, or restore the scenario`,
		},
		{
			name: "capability without a spec", path: ".espectacular/ghost/gone.toml",
			want: `.espectacular/ghost/gone.toml has no matching scenario "gone" (capability "ghost" has no spec: there is no openspec/specs/ghost/spec.md): delete or rename the contract, or restore the scenario`,
		},
		{
			name: "wrong capability folder", path: ".espectacular/ghost/alpha-works.toml",
			want: `.espectacular/ghost/alpha-works.toml has no matching scenario "alpha-works" (capability "ghost" has no spec: there is no openspec/specs/ghost/spec.md): ` +
				`a scenario with this id is in openspec/specs/gate/spec.md (line 7), whose contract is .espectacular/gate/alpha-works.toml: move the contract there, or delete it`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := edit(map[string]string{tt.path: contractTOML("x")})
			rep, err := check.Run(t.Context(), mapFS(files), parseConfig(t, files), check.Options{})
			require.NoError(t, err)
			require.Len(t, rep.Findings, 1)
			assert.Equal(t, finding.OrphanTOML, rep.Findings[0].Kind)
			assert.Equal(t, tt.want, rep.Findings[0].Message)
		})
	}
}

// TestRunContractFileNameLimit: an id whose contract file name would pass
// the file systems' limit is reported without a path; one at the limit is
// an ordinary missing contract.
func TestRunContractFileNameLimit(t *testing.T) {
	for _, n := range []int{validate.MaxFileName - len(".toml"), validate.MaxFileName - len(".toml") + 1} {
		id := strings.Repeat("a", n)
		files := edit(map[string]string{"openspec/specs/long/spec.md": "#### Scenario: " + id + "\nx\n"})
		rep, err := check.Run(t.Context(), mapFS(files), parseConfig(t, files), check.Options{})
		require.NoError(t, err)
		require.Len(t, rep.Findings, 1, "id of %d bytes", n)
		f := rep.Findings[0]
		assert.Equal(t, finding.NoTOML, f.Kind)
		if n+len(".toml") <= validate.MaxFileName {
			assert.Equal(t, ".espectacular/long/"+id+".toml", f.ContractPath)
			continue
		}
		assert.Empty(t, f.ContractPath)
		assert.Contains(t, f.Message, "has an id of 251 bytes: its contract file name would be longer than the 255 bytes file systems allow")
	}
}

// TestRunContractEntryChecks: flags that cannot be split into arguments
// block the contract, and a contract without tests is reported alongside
// its other problems.
func TestRunContractEntryChecks(t *testing.T) {
	tests := []struct {
		name     string
		contract string
		want     []finding.Kind
		message  string
	}{
		{
			name:     "unsplittable flags",
			contract: contractTOML("beta-works", "[[tests.unit]]", `flags = "-k 'beta"`),
			want:     []finding.Kind{finding.MalformedContract},
			message:  `.espectacular/gate/beta-works.toml: tests.unit[0].flags "-k 'beta" cannot be split into arguments: `,
		},
		{
			name:     "splittable flags",
			contract: contractTOML("beta-works", "[[tests.unit]]", `flags = "-k 'beta works'"`),
		},
		{
			name:     "no tests and an invalid status",
			contract: strings.Replace(contractTOML("beta-works", ""), `"active"`, `"paused"`, 1),
			want:     []finding.Kind{finding.InvalidStatus, finding.NoTestsDeclared},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := edit(map[string]string{betaToml: tt.contract})
			rep, err := check.Run(t.Context(), mapFS(files), parseConfig(t, files), check.Options{})
			require.NoError(t, err)
			var kinds []finding.Kind
			for _, f := range rep.Findings {
				kinds = append(kinds, f.Kind)
			}
			assert.Equal(t, tt.want, kinds, "messages: %q", messages(rep.Findings))
			if tt.message != "" {
				assert.True(t, strings.HasPrefix(rep.Findings[0].Message, tt.message), rep.Findings[0].Message)
			}
		})
	}
}
