package validate

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/core/spec"
)

// A no-toml finding's apply_command writes the contract it names: the
// deployed one, or the one staged in the change whose scenario it is.
func TestStubCommand(t *testing.T) {
	tests := []struct {
		name, capability, id, contract string
		want                           string
	}{
		{"deployed", "cap", "alpha", ".espectacular/cap/alpha.toml", "ah contract new cap alpha"},
		{"nested capability", "a/b", "x", ".espectacular/a/b/x.toml", "ah contract new a/b x"},
		{"staged in a change", "cap", "beta", ".espectacular/changes/add-beta/cap/beta.toml", "ah contract new --change add-beta cap beta"},
		{"staged, nested capability", "a/b", "x", ".espectacular/changes/c1/a/b/x.toml", "ah contract new --change c1 a/b x"},
		{"odd words are quoted", "cap", "it's", ".espectacular/cap/it's.toml", `ah contract new cap 'it'\''s'`},
		{"another path", "cap", "alpha", "elsewhere/alpha.toml", ""},
		{"a staging path of another capability", "cap", "beta", ".espectacular/changes/c1/other/beta.toml", ""},
		{"the staging root itself", "cap", "beta", ".espectacular/changes/beta.toml", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := stubCommand(Unit{Capability: tt.capability, Scenario: spec.Scenario{ID: tt.id}, ContractPath: tt.contract})
			if tt.want == "" {
				assert.Nil(t, got)
				return
			}
			if assert.NotNil(t, got) {
				assert.Equal(t, tt.want, *got)
			}
		})
	}
}
