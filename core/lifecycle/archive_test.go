package lifecycle_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/lifecycle"
	"github.com/espectacular/ah/core/spec"
)

func TestArchive(t *testing.T) {
	deployed := []spec.File{{Capability: "p", Scenarios: []spec.Scenario{{ID: "a"}, {ID: "b"}}}}
	active := "id = \"a\"\ndescription = \"d\"\narchetype = \"PF\"\nstatus = \"active\"\nauthored_with = \"0.12.0\"\n"
	superseded := "id = \"a\"\ndescription = \"d\"\narchetype = \"PF\"\nstatus = \"superseded\"\nsuperseded_by = \"b\"\nauthored_with = \"0.12.0\"\n"
	other := "id = \"a\"\ndescription = \"other\"\narchetype = \"SA\"\nstatus = \"active\"\nauthored_with = \"0.12.0\"\n"
	tests := []struct {
		name    string
		files   map[string]string
		refused string
	}{
		{"superseded update replaces the active contract", map[string]string{
			".espectacular/p/a.toml": active, ".espectacular/changes/c/p/a.toml": superseded}, ""},
		{"a new scenario's contract", map[string]string{".espectacular/changes/c/p/b.toml": active}, ""},
		{"different active contract", map[string]string{
			".espectacular/p/a.toml": active, ".espectacular/changes/c/p/a.toml": other}, "would overwrite .espectacular/p/a.toml"},
		{"scenario not deployed", map[string]string{".espectacular/changes/c/p/z.toml": active}, "scenario p/z is not in the deployed specs"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := newRepo(tt.files)
			plan, err := lifecycle.Archive(m.fs, deployed, "c")
			if tt.refused != "" {
				var re *lifecycle.RefusedError
				require.ErrorAs(t, err, &re)
				assert.Contains(t, err.Error(), tt.refused)
				return
			}
			require.NoError(t, err)
			require.NoError(t, lifecycle.Apply(t.Context(), m.fs, m, m, plan.Ops))
			for _, mv := range plan.Moves {
				assert.Equal(t, tt.files[mv.From], m.files()[mv.To])
				assert.NotContains(t, m.files(), mv.From)
			}
		})
	}
}
