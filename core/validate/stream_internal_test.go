package validate

import (
	"testing"
	"testing/fstest"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/spec"
	"github.com/espectacular/ah/ports"
)

// resolve draws what the check needs of each spec tree as the spec is
// read and drops the tree (issue 40: a large corpus never holds every
// tree at once); the findings drawn from the trees are still all
// reported by CheckSpecs.
func TestResolveDropsTrees(t *testing.T) {
	fsys := fstest.MapFS{
		"openspec/specs/a/spec.md": {Data: []byte("# a\n\n## Requirements\n\n### Requirement: R\nx\n\n#### Scenario: One\nbody\n\n### Scenario: Near\n\n```\n#### Scenario: Hidden\n")},
	}
	cfg, r := resolveFS(t, fsys)
	require.Len(t, r.files, 1)
	assert.Equal(t, "a", r.files[0].Capability)
	assert.Equal(t, "openspec/specs/a/spec.md", r.files[0].Path)
	assert.Nil(t, r.files[0].Scenarios, "scenarios kept after discovery")
	assert.Zero(t, r.files[0].Doc.Lines, "tree kept after discovery")
	require.Len(t, r.Units, 1, "the units outlive the trees")
	assert.Equal(t, spec.Scenario{ID: "one", Title: "One", Body: "body", Line: 8}, r.Units[0].Scenario)
	checked := CheckSpecs(cfg, &r)
	var kinds []finding.Kind
	for _, f := range checked.findings {
		kinds = append(kinds, f.Kind)
	}
	assert.Contains(t, kinds, finding.UnclosedBlock)
	assert.Contains(t, kinds, finding.MalformedScenarioHeading)
}

// With changes to overlay, resolve keeps the deployed trees (the overlay
// reads them) and CheckSpecs draws the findings from them, then drops
// them.
func TestCheckSpecsDropsKeptTrees(t *testing.T) {
	fsys := fstest.MapFS{
		"openspec/specs/a/spec.md": {Data: []byte("# a\n\n## Requirements\n\n### Requirement: R\nx\n\n#### Scenario: One\nbody\n\n```\n#### Scenario: Hidden\n")},
	}
	cfg, err := config.Parse([]byte("tool_version = \"0.1.0\"\n"))
	require.NoError(t, err)
	r, err := resolve(fsys, cfg, nil, true)
	require.NoError(t, err)
	require.NotZero(t, r.files[0].Doc.Lines, "the overlay needs the trees")
	checked := CheckSpecs(cfg, &r)
	require.Len(t, checked.findings, 1)
	assert.Equal(t, finding.UnclosedBlock, checked.findings[0].Kind)
	assert.Zero(t, r.files[0].Doc.Lines, "tree kept after the spec checks")
}

// resolveFS resolves the scope of fsys under the default config.
func resolveFS(t *testing.T, fsys fstest.MapFS) (config.Config, Resolved) {
	t.Helper()
	cfg, err := config.Parse([]byte("tool_version = \"0.1.0\"\n"))
	require.NoError(t, err)
	r, err := resolve(fsys, cfg, nil, false)
	require.NoError(t, err)
	return cfg, r
}

// A unit whose contract exists holds the listing's copy of its path, not
// one of its own (issue 40: one string per contract path, not two).
func TestResolveSharesContractPaths(t *testing.T) {
	fsys := fstest.MapFS{
		"openspec/specs/a/spec.md":  {Data: []byte("# a\n\n### Requirement: R\nx\n\n#### Scenario: One\nbody\n\n#### Scenario: Two\nbody\n")},
		".espectacular/a/one.toml":  {Data: []byte("id = \"one\"\n")},
		".espectacular/config.toml": {Data: []byte("tool_version = \"0.1.0\"\n")},
	}
	_, r := resolveFS(t, fsys)
	require.Len(t, r.Units, 2)
	require.Equal(t, []string{".espectacular/a/one.toml"}, r.contracts)
	assert.Equal(t, unsafe.StringData(r.contracts[0]), unsafe.StringData(r.Units[0].ContractPath), "the unit's path is a second copy")
	assert.Equal(t, ".espectacular/a/two.toml", r.Units[1].ContractPath)
}

// unhashable is a driver whose type == cannot compare.
type unhashable struct {
	ports.Driver
	args []string
}

// Units resolving to equal routes share one list; a different route gets a
// list of its own, and a driver of a type == cannot compare is never
// compared (it would panic), only told apart.
func TestRouteListsShare(t *testing.T) {
	var l routeLists
	shell := []adapter.Route{{Kind: adapter.Shell}}
	first := l.share(shell)
	second := l.share([]adapter.Route{{Kind: adapter.Shell}})
	assert.Same(t, &first[0], &second[0], "equal routes, two lists")
	fw := []adapter.Route{{Kind: adapter.Framework, Command: []string{"go", "test"}, Driver: unhashable{args: []string{"x"}}}}
	third := l.share(fw)
	assert.NotSame(t, &first[0], &third[0])
	fourth := l.share([]adapter.Route{{Kind: adapter.Framework, Command: []string{"go", "test"}, Driver: unhashable{args: []string{"x"}}}})
	assert.NotSame(t, &third[0], &fourth[0], "drivers that cannot be compared are not the same")
	assert.Equal(t, fw, fourth)
}

// The staleness check gets only the contracts that record derived_from
// and those no unit read, never one entry per scenario (issue 40: a map of
// every contract read and another of every owner were a fifth of a large
// check's peak heap).
func TestStalenessHoldsOnlyDerivedContracts(t *testing.T) {
	fsys := fstest.MapFS{
		"openspec/specs/a/spec.md":    {Data: []byte("# a\n\n### Requirement: R\nx\n\n#### Scenario: One\nbody\n\n#### Scenario: Two\nbody\n")},
		".espectacular/a/one.toml":    {Data: []byte("id = \"one\"\n")},
		".espectacular/a/two.toml":    {Data: []byte("id = \"two\"\nderived_from = \"P1@abc\"\n")},
		".espectacular/a/orphan.toml": {Data: []byte("id = \"orphan\"\n")},
		".espectacular/config.toml":   {Data: []byte("tool_version = \"0.1.0\"\n")},
	}
	cfg, r := resolveFS(t, fsys)
	read, err := ReadContracts(fsys, r.Units)
	require.NoError(t, err)
	st := Staleness(cfg, r, read)
	require.Len(t, st.Recorded, 1)
	assert.Equal(t, ".espectacular/a/two.toml", st.Recorded[0].Path)
	assert.Equal(t, "P1@abc", st.Recorded[0].DerivedFrom)
	assert.Equal(t, []string{".espectacular/a/orphan.toml"}, st.Unread)
	assert.Len(t, st.Owners, 1, "an owner for each contract judged, not for each scenario")
	assert.Contains(t, st.Owners, ".espectacular/a/two.toml")
}

// A kept record holds each test entry compactly (issue 40) and gives back
// exactly the entry decoded: whatever few entries set, and a timeout
// beyond 32 bits, included.
func TestKeptEntriesRoundTrip(t *testing.T) {
	entries := []contract.Entry{
		{Type: "shell", Command: "true"},
		{Type: "pytest", Index: 2, Flags: "-k x", TimeoutSeconds: 30},
		{Type: "custom", Runner: "bats", Flags: "t.bats"},
		{Type: "go", Flags: "-run X", Resources: []string{"db"}, Exclusive: true},
		{Type: "go", Flags: "-run Y", Resources: []string{}},
		{Type: "shell", Command: "sleep 1", TimeoutSeconds: 1 << 40, Index: 1},
	}
	k := keep(contract.Contract{Tests: entries})
	assert.Equal(t, entries, k.Tests())
	empty := keep(contract.Contract{})
	assert.Nil(t, empty.Tests())
	assert.Equal(t, 64, int(unsafe.Sizeof(entry{})), "a kept entry grew")
}
