package derivation_test

import (
	"context"
	"io/fs"
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

const gateSpec = "openspec/specs/gate/spec.md"

// mapWriter writes into a MapFS, so a later Plan sees what Apply wrote.
type mapWriter struct{ fs fstest.MapFS }

func (w mapWriter) WriteFile(_ context.Context, name string, data []byte, perm fs.FileMode) error {
	w.fs[name] = &fstest.MapFile{Data: data, Mode: perm}
	return nil
}

func (w mapWriter) Update(_ context.Context, name string, edit func([]byte) ([]byte, error)) error {
	data, err := edit(w.fs[name].Data)
	if err == nil && data != nil {
		w.fs[name].Data = data
	}
	return err
}

func specText(props ...string) string {
	s := "---\nid: gate\nkind: intent\n---\n# gate\n## Properties\n| id | kind | derives_from | generator | predicate |\n| --- | --- | --- | --- | --- |\n"
	for _, p := range props {
		s += "| " + p + " | unit | [[gate.C-a]] | g | p |\n"
	}
	return s + "## Requirements\n### Requirement: R\n#### Scenario: S\n- **VERIFIES** [[gate.P-a]]\n"
}

func row(id, predicate string) ports.SpkRow {
	k := "unit"
	return ports.SpkRow{ID: id, Kind: &k, Cells: map[string]string{"id": id, "kind": k, "derives_from": "[[gate.C-a]]", "generator": "g", "predicate": predicate}}
}

func repo(files map[string]string) fstest.MapFS {
	m := fstest.MapFS{}
	for p, s := range files {
		m[p] = &fstest.MapFile{Data: []byte(s)}
	}
	return m
}

func plan(t *testing.T, fsys fs.FS, spk ports.Spk) derivation.Result {
	t.Helper()
	cfg, err := config.Parse([]byte("tool_version = \"0.1.0\"\n"))
	require.NoError(t, err)
	res, err := derivation.Derive(t.Context(), fsys, cfg, spk, derivation.Options{AuthoredWith: "0.1.0"})
	require.NoError(t, err)
	return res
}

func states(res derivation.Result) map[string]derivation.State {
	out := map[string]derivation.State{}
	for _, c := range res.Contracts {
		out[c.ContractPath] = c.State
	}
	return out
}

// TestDeriveOnePerRow: C-property-contract, then a second sync is fresh.
func TestDeriveOnePerRow(t *testing.T) {
	fsys := repo(map[string]string{gateSpec: specText("P-a", "P-b.x", "P-c")})
	spk := &portstest.Spk{Specs: map[string]ports.SpkSpec{gateSpec: {Properties: []ports.SpkRow{row("P-a", "p"), row("P-b.x", "p"), row("P-c", "p")}}}}
	res := plan(t, fsys, spk)
	assert.Equal(t, map[string]derivation.State{
		".espectacular/gate/p-a.toml": derivation.Missing, ".espectacular/gate/p-b-x.toml": derivation.Missing, ".espectacular/gate/p-c.toml": derivation.Missing,
	}, states(res))
	assert.Equal(t, []string{"lint " + gateSpec, "parse " + gateSpec}, spk.Calls())
	n, err := derivation.Apply(t.Context(), mapWriter{fsys}, mapWriter{fsys}, res)
	require.NoError(t, err)
	assert.Equal(t, 3, n.Written)
	assert.Contains(t, string(fsys[".espectacular/gate/p-a.toml"].Data), `derived_from = "P-a@`)
	for _, s := range states(plan(t, fsys, spk)) {
		assert.Equal(t, derivation.Fresh, s)
	}
}

// TestRefreshAfterEdit: C-sync-ownership and C-derived-stale.
func TestRefreshAfterEdit(t *testing.T) {
	owned := "status = \"active\"\nsuperseded_by = \"\"\nauthored_with = \"0.0.1\"\n\n[[tests.go]]\nflags = \"./x -run '^TestA$'\"\n"
	fsys := repo(map[string]string{gateSpec: specText("P-a"), ".espectacular/gate/p-a.toml": "id = \"p-a\"\ndescription = \"p\"\narchetype = \"PF\"\nfalsifiability_class = \"safety\"\nderived_from = \"P-a@000000000000\"\n" + owned})
	spk := &portstest.Spk{Specs: map[string]ports.SpkSpec{gateSpec: {Properties: []ports.SpkRow{row("P-a", "edited")}}}}
	res := plan(t, fsys, spk)
	assert.Equal(t, derivation.Stale, states(res)[".espectacular/gate/p-a.toml"])
	_, err := derivation.Apply(t.Context(), mapWriter{fsys}, mapWriter{fsys}, res)
	require.NoError(t, err)
	got := string(fsys[".espectacular/gate/p-a.toml"].Data)
	assert.Contains(t, got, "description = \"edited\"\n")
	assert.True(t, strings.HasSuffix(got, "derived_from = \""+res.Contracts[0].DerivedFrom+"\"\n"+owned), got)
}

func TestRefusals(t *testing.T) {
	other := "openspec/specs/other/spec.md"
	files := map[string]string{gateSpec: specText("P-a"), other: strings.Replace(specText("P-z"), "id: gate", "id: other", 1)}
	t.Run("lint-dirty spec refuses the whole run", func(t *testing.T) {
		fsys := repo(files)
		spk := &portstest.Spk{
			Lints: map[string]ports.SpkLint{gateSpec: {Issues: []ports.SpkIssue{{RuleID: "linter.unique_id"}, {RuleID: "linter.coverage"}, {RuleID: "linter.unique_id"}}}},
			Specs: map[string]ports.SpkSpec{other: {Properties: []ports.SpkRow{row("P-z", "p")}}},
		}
		res := plan(t, fsys, spk)
		require.Len(t, res.Refusals, 1)
		assert.Equal(t, derivation.Refusal{Kind: derivation.SpkLintDirty, SpecPath: gateSpec, Rules: []string{"linter.unique_id", "linter.coverage"}, Message: res.Refusals[0].Message}, res.Refusals[0])
		assert.Contains(t, res.Refusals[0].Message, "linter.unique_id, linter.coverage")
		n, err := derivation.Apply(t.Context(), mapWriter{fsys}, mapWriter{fsys}, res)
		require.NoError(t, err)
		assert.Equal(t, derivation.Applied{}, n)
		assert.Len(t, fsys, 2, "nothing written for the clean spec either")
	})
	t.Run("spk missing", func(t *testing.T) {
		res := plan(t, repo(files), &portstest.Spk{Unavailable: true})
		require.Len(t, res.Refusals, 1)
		assert.Equal(t, derivation.SpkUnavailable, res.Refusals[0].Kind)
		assert.Contains(t, res.Refusals[0].Message, "install specodelic")
	})
	t.Run("parse failure", func(t *testing.T) {
		res := plan(t, repo(map[string]string{gateSpec: specText("P-a")}), &portstest.Spk{})
		require.Len(t, res.Refusals, 1)
		assert.Equal(t, derivation.SpkFailed, res.Refusals[0].Kind)
	})
}

// TestNoSourcesNoSpk: C-plain-unaffected. Plain specs and dual-format
// specs without Properties rows never run spk, even when it is missing.
func TestNoSourcesNoSpk(t *testing.T) {
	spk := &portstest.Spk{Unavailable: true}
	res := plan(t, repo(map[string]string{
		gateSpec:                       "# gate\n## Requirements\n### Requirement: R\n#### Scenario: S\n- **VERIFIES** [[gate.P-a]]\n",
		"openspec/specs/dual/spec.md":  "---\nid: dual\n---\n## Constraints\n| id | kind |\n| --- | --- |\n| C-a | invariant |\n",
		"openspec/specs/props/spec.md": "# no frontmatter\n## Properties\n| id | kind |\n| --- | --- |\n| P-a | unit |\n",
	}), spk)
	assert.Empty(t, res.Refusals)
	assert.Empty(t, res.Contracts)
	assert.Empty(t, spk.Calls())
}

func TestVersionPin(t *testing.T) {
	cfg, err := config.Parse([]byte("tool_version = \"0.1.0\"\n[spk]\nversion = \"0.7.0\"\n"))
	require.NoError(t, err)
	res, err := derivation.Derive(t.Context(), repo(map[string]string{gateSpec: specText("P-a")}), cfg, &portstest.Spk{V: "0.6.0"}, derivation.Options{})
	require.NoError(t, err)
	require.Len(t, res.Refusals, 1)
	assert.Contains(t, res.Refusals[0].Message, "spk 0.6.0 is installed but [spk] version")
}

func (w mapWriter) Remove(_ context.Context, name string) error {
	delete(w.fs, name)
	return nil
}
