package derivation_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/derivation"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

const pB = ".espectacular/gate/p-b.toml"

// synced is a repository where ah sync derived P-a's and P-b's contracts,
// with spk reporting both rows; pristine is p-b.toml as sync wrote it.
func synced(t *testing.T) (fsys fstest.MapFS, spk *portstest.Spk, pristine string) {
	t.Helper()
	fsys = repo(map[string]string{
		gateSpec: specText("P-a", "P-b"), "openspec/specs/plain/spec.md": "# plain\n",
		".espectacular/gate/plain.toml": "id = \"plain\"\n",
	})
	spk = &portstest.Spk{Specs: map[string]ports.SpkSpec{gateSpec: {Properties: []ports.SpkRow{row("P-a", "p"), row("P-b", "p")}}}}
	done, err := derivation.Apply(t.Context(), mapWriter{fsys}, mapWriter{fsys}, plan(t, fsys, spk))
	require.NoError(t, err)
	require.Equal(t, 2, done.Written)
	return fsys, spk, string(fsys[pB].Data)
}

// TestOrphaned: a derived contract whose row is gone is orphaned; sync
// deletes it only when it is byte for byte what sync writes, else keeps it
// with the reason and the fixes (C-sync-ownership).
func TestOrphaned(t *testing.T) {
	tests := []struct {
		name string
		edit func(pristine string) string
		// owned is the reason it is kept, "" when it is deleted.
		owned string
	}{
		{"pure derivation output", func(s string) string { return s }, ""},
		{"tests declared", func(s string) string { return s + "\n[[tests.go]]\nflags = \"./x -run '^TestB$'\"\n" }, "it declares tests"},
		{"status superseded", func(s string) string { return strings.Replace(s, `status = "active"`, `status = "superseded"`, 1) }, `its status is "superseded"`},
		{"superseded_by set", func(s string) string { return strings.Replace(s, `superseded_by = ""`, `superseded_by = "s"`, 1) }, `its superseded_by is "s"`},
		{"no status", func(s string) string { return strings.Replace(s, "status = \"active\"\n", "", 1) }, `it has no status = "active"`},
		{"a comment", func(s string) string { return "# why P-b matters\n" + s }, "it holds edits ah sync did not write"},
		{"tests and status", func(s string) string {
			return strings.Replace(s, `status = "active"`, `status = "superseded"`, 1) + "[[tests.shell]]\ncommand = \"true\"\n"
		}, `it declares tests and its status is "superseded"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys, spk, pristine := synced(t)
			fsys[pB].Data = []byte(tt.edit(pristine))
			before := string(fsys[pB].Data)
			fsys[gateSpec].Data = []byte(specText("P-a"))
			spk.Specs[gateSpec] = ports.SpkSpec{Properties: []ports.SpkRow{row("P-a", "p")}}
			res := plan(t, fsys, spk)
			assert.Equal(t, map[string]derivation.State{".espectacular/gate/p-a.toml": derivation.Fresh, pB: derivation.Orphaned}, states(res))
			c := res.Contracts[1]
			assert.Equal(t, "P-b", c.Property)
			assert.Equal(t, gateSpec, c.SpecPath)
			assert.True(t, strings.HasPrefix(c.DerivedFrom, "P-b@"))
			assert.True(t, strings.HasPrefix(c.Owned, tt.owned), "owned %q", c.Owned)
			assert.Equal(t, tt.owned != "", res.Kept())
			assert.Contains(t, c.Message, pB+` has derived_from = "`+c.DerivedFrom+`" but `+gateSpec+" has no Properties row P-b any more: ")
			done, err := derivation.Apply(t.Context(), mapWriter{fsys}, mapWriter{fsys}, res)
			require.NoError(t, err)
			assert.Equal(t, derivation.Applied{}.Written, done.Written)
			if tt.owned != "" {
				assert.Contains(t, c.Message, "so `ah sync` keeps it and exits 1: ")
				assert.Contains(t, c.Message, "or restore the row")
				assert.Zero(t, done.Deleted)
				assert.Equal(t, before, string(fsys[pB].Data), "a contract a person owns is never touched")
				return
			}
			assert.Contains(t, c.Message, "so `ah sync` deletes it")
			assert.Equal(t, 1, done.Deleted)
			assert.NotContains(t, fsys, pB)
			// Restoring the row derives it again, byte for byte.
			spk.Specs[gateSpec] = ports.SpkSpec{Properties: []ports.SpkRow{row("P-a", "p"), row("P-b", "p")}}
			_, err = derivation.Apply(t.Context(), mapWriter{fsys}, mapWriter{fsys}, plan(t, fsys, spk))
			require.NoError(t, err)
			assert.Equal(t, pristine, string(fsys[pB].Data))
		})
	}
}

// TestOrphanedScope: which derived contracts are judged orphaned, and
// which are left alone because their row is there or cannot be known.
func TestOrphanedScope(t *testing.T) {
	tests := []struct {
		name  string
		setup func(fsys fstest.MapFS, spk *portstest.Spk)
		caps  []string
		want  map[string]derivation.State
		// message is a prefix of p-b.toml's message, when it is orphaned.
		message string
		calls   []string
	}{
		{"the whole spec is gone: no spk needed", func(fsys fstest.MapFS, _ *portstest.Spk) { delete(fsys, gateSpec) }, nil,
			map[string]derivation.State{".espectacular/gate/p-a.toml": derivation.Orphaned, pB: derivation.Orphaned},
			pB + ` has derived_from = "P-b@`, nil},
		{"a gone spec's capability can be named", func(fsys fstest.MapFS, _ *portstest.Spk) { delete(fsys, gateSpec) }, []string{"gate"},
			map[string]derivation.State{".espectacular/gate/p-a.toml": derivation.Orphaned, pB: derivation.Orphaned}, "", nil},
		{"no Properties rows left: no spk needed", func(fsys fstest.MapFS, _ *portstest.Spk) {
			fsys[gateSpec].Data = []byte("# gate\n## Requirements\n### Requirement: R\n#### Scenario: S\n- **THEN** x\n")
		}, nil, map[string]derivation.State{".espectacular/gate/p-a.toml": derivation.Orphaned, pB: derivation.Orphaned}, "", nil},
		{"a row still in a spec sync cannot derive from is not judged", func(fsys fstest.MapFS, _ *portstest.Spk) {
			fsys[gateSpec].Data = []byte(strings.Replace(specText("P-a"), "id: gate\n", "", 1))
		}, nil, map[string]derivation.State{pB: derivation.Orphaned}, "", nil},
		{"a lint-dirty spec's contracts are not judged", func(_ fstest.MapFS, spk *portstest.Spk) {
			spk.Specs[gateSpec] = ports.SpkSpec{Properties: []ports.SpkRow{row("P-a", "p")}}
			spk.Lints = map[string]ports.SpkLint{gateSpec: {Issues: []ports.SpkIssue{{RuleID: "r"}}}}
		}, nil, map[string]derivation.State{}, "", []string{"lint " + gateSpec}},
		{"a row moved to another file name is not orphaned", func(fsys fstest.MapFS, spk *portstest.Spk) {
			fsys[".espectacular/gate/renamed.toml"] = fsys[pB]
			delete(fsys, pB)
			spk.Specs[gateSpec] = ports.SpkSpec{Properties: []ports.SpkRow{row("P-a", "p"), row("P-b", "p")}}
		}, nil, map[string]derivation.State{".espectacular/gate/p-a.toml": derivation.Fresh, pB: derivation.Missing}, "", []string{"lint " + gateSpec, "parse " + gateSpec}},
		{"another capability's orphan is not reported", func(fsys fstest.MapFS, spk *portstest.Spk) {
			fsys[".espectacular/api/p-x.toml"] = &fstest.MapFile{Data: []byte("id = \"p-x\"\nderived_from = \"P-x@000000000000\"\n")}
			spk.Specs[gateSpec] = ports.SpkSpec{Properties: []ports.SpkRow{row("P-a", "p"), row("P-b", "p")}}
		}, []string{"gate"}, map[string]derivation.State{".espectacular/gate/p-a.toml": derivation.Fresh, pB: derivation.Fresh}, "", []string{"lint " + gateSpec, "parse " + gateSpec}},
		{"staged and hidden contracts are not deployed", func(fsys fstest.MapFS, spk *portstest.Spk) {
			for _, p := range []string{".espectacular/changes/c/gate/p-x.toml", ".espectacular/gate/.p-x.toml", ".espectacular/.old/p-x.toml"} {
				fsys[p] = &fstest.MapFile{Data: []byte("derived_from = \"P-x@000000000000\"\n")}
			}
			spk.Specs[gateSpec] = ports.SpkSpec{Properties: []ports.SpkRow{row("P-a", "p"), row("P-b", "p")}}
		}, nil, map[string]derivation.State{".espectacular/gate/p-a.toml": derivation.Fresh, pB: derivation.Fresh}, "", []string{"lint " + gateSpec, "parse " + gateSpec}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys, _, _ := synced(t)
			spk := &portstest.Spk{Specs: map[string]ports.SpkSpec{gateSpec: {Properties: []ports.SpkRow{row("P-a", "p")}}}}
			tt.setup(fsys, spk)
			cfg, err := config.Parse([]byte("tool_version = \"0.1.0\"\n"))
			require.NoError(t, err)
			res, err := derivation.Derive(t.Context(), fsys, cfg, spk, derivation.Options{AuthoredWith: "0.1.0", Capabilities: tt.caps})
			require.NoError(t, err)
			assert.Equal(t, tt.want, states(res))
			assert.Equal(t, tt.calls, spk.Calls())
			for _, c := range res.Contracts {
				if c.ContractPath == pB && tt.message != "" {
					assert.True(t, strings.HasPrefix(c.Message, tt.message), c.Message)
					assert.Contains(t, c.Message, " but "+gateSpec+" is gone: it holds nothing a person wrote")
				}
			}
		})
	}
}
