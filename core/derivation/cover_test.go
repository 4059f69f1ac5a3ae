package derivation_test

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/derivation"
	"github.com/espectacular/ah/core/spec"
)

const coverSpec = `---
id: gate
kind: intent
---
# gate

## Properties

| id | kind | derives_from | generator | predicate |
| --- | --- | --- | --- | --- |
| P-a | unit | [[gate.C-a]] | g | p |
| P-b | unit | [[gate.C-b]] | g | p |
`

// Cover redirects a scenario to the first linked property whose derived
// contract exists, with the line of its row; a link to a row the spec
// lacks is dangling; a scenario without links, or in a plain spec, has no
// entry; every existing row's contract is alive, linked or not.
func TestCover(t *testing.T) {
	fsys := fstest.MapFS{
		"openspec/specs/gate/spec.md":  {Data: []byte(coverSpec)},
		"openspec/specs/plain/spec.md": {Data: []byte("# plain\n\n#### Scenario: S\n- **VERIFIES** [[gate.P-a]]\n")},
	}
	files := []spec.File{{Capability: "gate", Path: "openspec/specs/gate/spec.md"}, {Capability: "plain", Path: "openspec/specs/plain/spec.md"}}
	scenarios := [][2]string{
		{"openspec/specs/gate/spec.md", "- **VERIFIES** [[gate.P-a]]\n- **VERIFIES** [[gate.P-b]]\n- **VERIFIES** [[gate.P-z]]"},
		{"openspec/specs/gate/spec.md", "no link"},
		{"openspec/specs/plain/spec.md", "- **VERIFIES** [[gate.P-a]]"},
	}
	contracts := []string{derivation.ContractPath("gate", "P-b")}
	got, err := derivation.Cover(fsys, files, 1<<20, contracts, len(scenarios), func(i int) (string, string) { return scenarios[i][0], scenarios[i][1] })
	require.NoError(t, err)
	assert.Equal(t, map[string]bool{derivation.ContractPath("gate", "P-a"): true, derivation.ContractPath("gate", "P-b"): true}, got.Alive)
	assert.Equal(t, map[int]derivation.Link{0: {Property: "P-b", ContractPath: contracts[0], Line: 12, Dangling: []string{"P-z"}}}, got.Links)

	none, err := derivation.Cover(fsys, files[1:], 1<<20, contracts, len(scenarios), func(i int) (string, string) { return scenarios[i][0], scenarios[i][1] })
	require.NoError(t, err)
	assert.Equal(t, derivation.Covered{}, none, "no dual-format spec, nothing covered")
}
