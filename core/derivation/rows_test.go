package derivation_test

import (
	"errors"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/derivation"
	"github.com/espectacular/ah/core/spec"
	"github.com/espectacular/ah/ports"
)

func TestFromSpec(t *testing.T) {
	unitKind, guard := "unit", "[[gate.C-guarded]]"
	row := func(id, derivesFrom, predicate string) ports.SpkRow {
		return ports.SpkRow{ID: id, Kind: &unitKind, Cells: map[string]string{"id": id, "kind": unitKind, "derives_from": derivesFrom, "predicate": predicate}}
	}
	s := ports.SpkSpec{
		States:      []ports.SpkRow{{ID: "S-a", Cells: map[string]string{"emits": "[[gate.C-emitted]]"}}, {ID: "S-b", Cells: map[string]string{"emits": ""}}},
		Transitions: []ports.SpkTransition{{ID: "T-a", Guard: &guard}, {ID: "T-b"}},
		Properties: []ports.SpkRow{
			row(" P-b.x ", "[[gate.C-guarded]]", "holds"),
			row("P-a", "[[gate.C-emitted]]", "emits"),
			row("P-c", "[[gate.C-plain]]", "plain"),
		},
	}
	got := derivation.FromSpec(s, "gate")
	want := []derivation.Derived{
		{Property: "P-b.x", Fields: derivation.Fields{ID: "p-b-x", Description: "holds", Archetype: "SA", FalsifiabilityClass: "safety", DerivedFrom: derivation.DerivedFrom(derivation.Row{ID: " P-b.x ", Kind: &unitKind, Cells: s.Properties[0].Cells})}},
		{Property: "P-a", Fields: derivation.Fields{ID: "p-a", Description: "emits", Archetype: "CE", FalsifiabilityClass: "safety", DerivedFrom: derivation.DerivedFrom(derivation.Row{ID: "P-a", Kind: &unitKind, Cells: s.Properties[1].Cells})}},
		{Property: "P-c", Fields: derivation.Fields{ID: "p-c", Description: "plain", Archetype: "PF", FalsifiabilityClass: "safety", DerivedFrom: derivation.DerivedFrom(derivation.Row{ID: "P-c", Kind: &unitKind, Cells: s.Properties[2].Cells})}},
	}
	assert.Equal(t, want, got)
	assert.Equal(t, "P-b.x@", got[0].Fields.DerivedFrom[:6], "the id is trimmed in derived_from too")
	assert.Equal(t, []derivation.Derived{}, derivation.FromSpec(ports.SpkSpec{}, "gate"))
}

func TestCurrent(t *testing.T) {
	doc := map[string]any{"id": "p-x", "description": "d", "archetype": "SA", "falsifiability_class": "safety", "derived_from": "P-x@0", "status": "active"}
	assert.Equal(t, derivation.Fields{ID: "p-x", Description: "d", Archetype: "SA", FalsifiabilityClass: "safety", DerivedFrom: "P-x@0"}, derivation.Current(doc))
	assert.Equal(t, derivation.Fields{Description: "d"}, derivation.Current(map[string]any{"id": 1, "description": "d"}), "a non-string value reads as empty")
}

func TestSources(t *testing.T) {
	dual := "---\nid: gate\n---\n## Properties\n| id | kind |\n| --- | --- |\n| P-a | unit |\n| P-b | law |\n"
	fsys := fstest.MapFS{
		"openspec/specs/gate/spec.md":  {Data: []byte(dual)},
		"openspec/specs/plain/spec.md": {Data: []byte("## Properties\n| id |\n| --- |\n| P-a |\n")},
		"openspec/specs/empty/spec.md": {Data: []byte("---\nid: empty\n---\n## Properties\n| id |\n| --- |\n")},
	}
	files := []spec.File{
		{Capability: "empty", Path: "openspec/specs/empty/spec.md"},
		{Capability: "gate", Path: "openspec/specs/gate/spec.md"},
		{Capability: "big", Path: "openspec/specs/big/spec.md", Skipped: errors.New("too large")},
		{Capability: "plain", Path: "openspec/specs/plain/spec.md"},
	}
	got, err := derivation.Sources(fsys, files, 1<<20)
	require.NoError(t, err)
	assert.Equal(t, []derivation.Source{{Capability: "gate", SpecPath: "openspec/specs/gate/spec.md", FileID: "gate", Properties: []string{"P-a", "P-b"}}}, got)

	_, err = derivation.Sources(fsys, []spec.File{{Capability: "gone", Path: "openspec/specs/gone/spec.md"}}, 1<<20)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "read openspec/specs/gone/spec.md: ")
	_, err = derivation.Sources(fsys, files[1:2], int64(len(dual)-1))
	require.Error(t, err, "the limit is passed on")
	got, err = derivation.Sources(fsys, files[1:2], int64(len(dual)))
	require.NoError(t, err)
	assert.Len(t, got, 1)
}
