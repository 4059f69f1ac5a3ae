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

// TestArchivePlan: moves in walk order, then the staged files' removals,
// then the staging directories, deepest first.
func TestArchivePlan(t *testing.T) {
	deployed := []spec.File{{Capability: "a/b", Scenarios: []spec.Scenario{{ID: "x"}}}, {Capability: "p", Scenarios: []spec.Scenario{{ID: "y"}}}}
	same := "id = \"y\"\nstatus = \"active\"\n"
	m := newRepo(map[string]string{
		".espectacular/changes/c/a/b/x.toml": "new x",
		".espectacular/changes/c/p/y.toml":   same,
		".espectacular/p/y.toml":             same,
	})
	plan, err := lifecycle.Archive(m.fs, deployed, "c")
	require.NoError(t, err)
	assert.Equal(t, []lifecycle.Move{
		{From: ".espectacular/changes/c/a/b/x.toml", To: ".espectacular/a/b/x.toml"},
		{From: ".espectacular/changes/c/p/y.toml", To: ".espectacular/p/y.toml"},
	}, plan.Moves)
	assert.Equal(t, []lifecycle.Op{
		{Path: ".espectacular/a/b/x.toml", Data: []byte("new x")},
		{Path: ".espectacular/p/y.toml", Data: []byte(same)},
		{Path: ".espectacular/changes/c/a/b/x.toml", Remove: true},
		{Path: ".espectacular/changes/c/p/y.toml", Remove: true},
		{Path: ".espectacular/changes/c/a/b", Remove: true},
		{Path: ".espectacular/changes/c/a", Remove: true},
		{Path: ".espectacular/changes/c/p", Remove: true},
		{Path: ".espectacular/changes/c", Remove: true},
	}, plan.Ops)
}

func TestArchiveRefuses(t *testing.T) {
	deployed := []spec.File{{Capability: "p", Scenarios: []spec.Scenario{{ID: "a"}}}}
	tests := []struct {
		name   string
		files  map[string]string
		change string
		want   string
	}{
		{"bad change id", nil, "../x", `"../x" is not a change id`},
		{"nothing staged", map[string]string{".espectacular/p/a.toml": ""}, "c",
			`no staged contracts for change "c": .espectacular/changes/c does not exist`},
		{"staging path is a file", map[string]string{".espectacular/changes/c": ""}, "c",
			`no staged contracts for change "c": .espectacular/changes/c does not exist`},
		{"stray files, all listed", map[string]string{".espectacular/changes/c/notes.md": "", ".espectacular/changes/c/p/a.txt": "", ".espectacular/changes/c/p/a.toml": ""}, "c",
			"refused, nothing was written:\n  .espectacular/changes/c/notes.md: not a staged contract (<capability>/<scenario-id>.toml): move it out of .espectacular/changes/c\n" +
				"  .espectacular/changes/c/p/a.txt: not a staged contract (<capability>/<scenario-id>.toml): move it out of .espectacular/changes/c"},
		{"capability not deployed", map[string]string{".espectacular/changes/c/q/a.toml": ""}, "c",
			"refused, nothing was written:\n  .espectacular/changes/c/q/a.toml: scenario q/a is not in the deployed specs: archive the change's specs with OpenSpec first"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			plan, err := lifecycle.Archive(newRepo(tt.files).fs, deployed, tt.change)
			require.EqualError(t, err, tt.want)
			assert.Equal(t, lifecycle.ArchiveOps{}, plan)
		})
	}
}
