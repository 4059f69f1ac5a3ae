package check_test

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/check"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/derivation"
	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

const dualSpec = `---
id: gate
kind: intent
---
# gate

## Properties

| id | kind | derives_from | generator | predicate |
| --- | --- | --- | --- | --- |
| P-a | unit | [[gate.C-a]] | g | p |

## Requirements

### Requirement: R

#### Scenario: Linked
- **VERIFIES** [[gate.P-a]]
`

func propertyRow(predicate string) ports.SpkRow {
	k := "unit"
	return ports.SpkRow{ID: "P-a", Kind: &k, Cells: map[string]string{"id": "P-a", "kind": k, "derives_from": "[[gate.C-a]]", "generator": "g", "predicate": predicate}}
}

func derivedRepo(derivedFrom string) fstest.MapFS {
	fsys := fstest.MapFS{}
	for p, s := range map[string]string{
		config.Path:                   configTOML,
		"openspec/specs/gate/spec.md": dualSpec,
		".espectacular/gate/p-a.toml": contractTOML("p-a", `derived_from = "`+derivedFrom+`"`, "[[tests.shell]]", `command = "true"`),
	} {
		fsys[p] = &fstest.MapFile{Data: []byte(s)}
	}
	return fsys
}

// TestContractStale: C-derived-stale, and the skip without spk.
func TestContractStale(t *testing.T) {
	fresh := derivation.DerivedFrom(derivation.Row{ID: "P-a", Kind: propertyRow("p").Kind, Cells: propertyRow("p").Cells})
	tests := []struct {
		name      string
		recorded  string
		spk       ports.Spk
		wantKinds []finding.Kind
		wantNote  bool
	}{
		{"fresh", fresh, &portstest.Spk{Specs: map[string]ports.SpkSpec{"openspec/specs/gate/spec.md": {Properties: []ports.SpkRow{propertyRow("p")}}}}, nil, false},
		{"edited predicate", fresh, &portstest.Spk{Specs: map[string]ports.SpkSpec{"openspec/specs/gate/spec.md": {Properties: []ports.SpkRow{propertyRow("edited")}}}}, []finding.Kind{finding.ContractStale}, false},
		{"row gone", fresh, &portstest.Spk{Specs: map[string]ports.SpkSpec{"openspec/specs/gate/spec.md": {}}}, []finding.Kind{finding.ContractStale}, false},
		{"spk missing: skipped with a note", "P-a@000000000000", &portstest.Spk{Unavailable: true}, nil, true},
		{"no spk wired: skipped with a note", "P-a@000000000000", nil, nil, true},
		{"parse failure: skipped with a note", "P-a@000000000000", &portstest.Spk{}, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := config.Parse([]byte(configTOML))
			require.NoError(t, err)
			rep, err := check.Run(t.Context(), derivedRepo(tt.recorded), cfg, check.Options{Spk: tt.spk})
			require.NoError(t, err)
			var kinds []finding.Kind
			for _, f := range rep.Findings {
				kinds = append(kinds, f.Kind)
				if f.Kind == finding.ContractStale {
					assert.Equal(t, finding.RunAhSync, f.SuggestedAction)
					assert.Nil(t, f.ApplyCommand)
					assert.Equal(t, "linked", f.Scenario.ID, "attached to the covering scenario")
				}
			}
			assert.Equal(t, tt.wantKinds, kinds)
			assert.Equal(t, tt.wantNote, len(rep.Notes) > 0, "notes: %v", rep.Notes)
		})
	}
}

// TestPlainCorpusNeverRunsSpk: C-plain-unaffected. Without Properties rows
// and derived_from no spk call happens at all.
func TestPlainCorpusNeverRunsSpk(t *testing.T) {
	cfg, err := config.Parse([]byte(configTOML))
	require.NoError(t, err)
	spk := &portstest.Spk{}
	rep, err := check.Run(t.Context(), mapFS(clean()), cfg, check.Options{Spk: spk})
	require.NoError(t, err)
	assert.Empty(t, rep.Findings)
	assert.Empty(t, rep.Notes)
	assert.Empty(t, spk.Calls())
}

// TestDerivedContractID: a covering derived contract must declare its
// property's slug, not the scenario's id.
func TestDerivedContractID(t *testing.T) {
	cfg, err := config.Parse([]byte(configTOML))
	require.NoError(t, err)
	fsys := derivedRepo("P-a@000000000000")
	fsys[".espectacular/gate/p-a.toml"] = &fstest.MapFile{Data: []byte(contractTOML("linked"))}
	rep, err := check.Run(t.Context(), fsys, cfg, check.Options{})
	require.NoError(t, err)
	require.Len(t, rep.Findings, 1)
	assert.Equal(t, finding.IDMismatch, rep.Findings[0].Kind)
	assert.Contains(t, rep.Findings[0].Message, `has id = "linked" but it is the derived contract of property P-a: set id = "p-a"`)
}

// TestContractStaleNotes: the notes of a skipped staleness check count the
// derived contracts and say why, including a pinned spk version that is
// not the installed one.
func TestContractStaleNotes(t *testing.T) {
	fresh := derivation.DerivedFrom(derivation.Row{ID: "P-a", Kind: propertyRow("p").Kind, Cells: propertyRow("p").Cells})
	specs := map[string]ports.SpkSpec{"openspec/specs/gate/spec.md": {Properties: []ports.SpkRow{propertyRow("edited")}}}
	tests := []struct {
		name      string
		pin       string
		spk       ports.Spk
		second    bool
		wantKinds []finding.Kind
		wantNotes []string
	}{
		{name: "one contract, no spk", wantNotes: []string{"contract staleness not checked for 1 derived contract: spk is not available"}},
		{name: "two contracts, no spk", second: true, wantNotes: []string{"contract staleness not checked for 2 derived contracts: spk is not available"}},
		{name: "pinned version installed", pin: "0.7.0", spk: &portstest.Spk{V: "0.7.0", Specs: specs}, wantKinds: []finding.Kind{finding.ContractStale}},
		{
			name: "pinned version not installed", pin: "0.7.0", spk: &portstest.Spk{V: "0.6.0", Specs: specs},
			wantNotes: []string{"contract staleness not checked for 1 derived contract: spk 0.6.0 is installed but [spk] version pins 0.7.0"},
		},
		{
			name: "pinned version, spk missing", pin: "0.7.0", spk: &portstest.Spk{Unavailable: true},
			wantNotes: []string{`contract staleness not checked for 1 derived contract: spk is not available: spk could not be started: start "spk": executable file not found in $PATH`},
		},
		{name: "no pin: the version is not asked", spk: &portstest.Spk{V: "0.6.0", Specs: specs}, wantKinds: []finding.Kind{finding.ContractStale}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfgTOML := configTOML
			if tt.pin != "" {
				cfgTOML += "\n[spk]\nversion = \"" + tt.pin + "\"\n"
			}
			cfg, err := config.Parse([]byte(cfgTOML))
			require.NoError(t, err)
			fsys := derivedRepo(fresh)
			if tt.second {
				fsys[".espectacular/gate/p-b.toml"] = &fstest.MapFile{Data: []byte(contractTOML("p-b", `derived_from = "P-b@000000000000"`, "[[tests.shell]]", `command = "true"`))}
			}
			opts := check.Options{}
			if tt.spk != nil {
				opts.Spk = tt.spk
			}
			rep, err := check.Run(t.Context(), fsys, cfg, opts)
			require.NoError(t, err)
			var kinds []finding.Kind
			for _, f := range rep.Findings {
				if f.Kind != finding.OrphanTOML {
					kinds = append(kinds, f.Kind)
				}
			}
			assert.Equal(t, tt.wantKinds, kinds, "messages: %q", messages(rep.Findings))
			assert.Equal(t, tt.wantNotes, rep.Notes)
		})
	}
}

// TestContractStaleWithoutSpec: a derived contract whose capability has no
// spec at all lost its row with the spec; the finding names the contract's
// id as its scenario, since no scenario covers it.
func TestContractStaleWithoutSpec(t *testing.T) {
	cfg, err := config.Parse([]byte(configTOML))
	require.NoError(t, err)
	fsys := derivedRepo("P-a@000000000000")
	fsys[".espectacular/ghost/p-b.toml"] = &fstest.MapFile{Data: []byte(contractTOML("p-b", `derived_from = "P-b@000000000000"`, "[[tests.shell]]", `command = "true"`))}
	spk := &portstest.Spk{Specs: map[string]ports.SpkSpec{"openspec/specs/gate/spec.md": {Properties: []ports.SpkRow{propertyRow("p")}}}}
	rep, err := check.Run(t.Context(), fsys, cfg, check.Options{Spk: spk})
	require.NoError(t, err)
	var got []string
	for _, f := range rep.Findings {
		got = append(got, brief(f))
	}
	assert.Equal(t, []string{
		"contract-stale openspec/specs/gate/spec.md linked .espectacular/gate/p-a.toml",
		"contract-stale openspec/specs/ghost/spec.md p-b .espectacular/ghost/p-b.toml",
		"orphan-toml openspec/specs/ghost/spec.md  .espectacular/ghost/p-b.toml",
	}, got, "messages: %q", messages(rep.Findings))
	assert.Equal(t, "ghost", rep.Findings[1].Spec)
	assert.Contains(t, rep.Findings[1].Message, `has derived_from = "P-b@000000000000" but openspec/specs/ghost/spec.md has no Properties row P-b any more`)
	assert.Empty(t, rep.Notes)
}

// TestStaleContractDoesNotRun: a stale derived contract is blocked like any
// structural finding: its tests do not run; the others do.
func TestStaleContractDoesNotRun(t *testing.T) {
	cfg, err := config.Parse([]byte(configTOML))
	require.NoError(t, err)
	fresh := derivation.DerivedFrom(derivation.Row{ID: "P-a", Kind: propertyRow("p").Kind, Cells: propertyRow("p").Cells})
	for _, tt := range []struct {
		predicate string
		runs      int
	}{{"p", 1}, {"edited", 0}} {
		fsys := derivedRepo(fresh)
		spk := &portstest.Spk{Specs: map[string]ports.SpkSpec{"openspec/specs/gate/spec.md": {Properties: []ports.SpkRow{propertyRow(tt.predicate)}}}}
		proc := &portstest.Process{}
		rep, err := check.Run(t.Context(), fsys, cfg, check.Options{Spk: spk, Env: execution.Env{Process: proc, Dir: "/repo"}, Exec: &check.Exec{}})
		require.NoError(t, err)
		assert.Len(t, proc.Calls(), tt.runs, "predicate %s", tt.predicate)
		assert.Equal(t, tt.runs, rep.Summary.Passed, "predicate %s", tt.predicate)
	}
}
