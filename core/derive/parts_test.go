package derive_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/core/derive"
)

func TestSlug(t *testing.T) {
	for in, want := range map[string]string{
		"P-discovery": "p-discovery", "P-token": "p-token", "P-weird.name/x": "p-weird-name-x",
		"p_shipped": "p-shipped", "P-ümlaut": "p-mlaut", "--P--x--": "p-x",
	} {
		assert.Equal(t, want, derive.Slug(in), "Slug(%q)", in)
	}
	assert.Equal(t, ".espectacular/gate/p-discovery.toml", derive.ContractPath(".espectacular", "gate", "P-discovery"))
}

func TestVerifies(t *testing.T) {
	tests := []struct {
		name, body string
		want       []string
	}{
		{"own prefix", "- **WHEN** x\n  - **VERIFIES** [[gate.P-discovery]]  \n", []string{"P-discovery"}},
		{"legacy and bare", "- **VERIFIES** [[spec.P-a]]\n- **VERIFIES** [[P-b]]\n", []string{"P-a", "P-b"}},
		{"other file cut at last dot", "- **VERIFIES** [[other.cap.P-c]]", []string{"P-c"}},
		{"not exactly a bullet", "- **VERIFIES**: [[gate.P-x]]\n- **VERIFIES** [[gate.P-x]] and more\ntext **VERIFIES** [[gate.P-x]]", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, derive.Verifies(tt.body, "gate"))
		})
	}
}

func TestArchetype(t *testing.T) {
	row := func(kind, derivesFrom string) derive.Row {
		return derive.Row{ID: "P-x", Kind: &kind, Cells: map[string]string{"derives_from": derivesFrom}}
	}
	m := derive.Model{FileID: "gate", Emits: []string{"[[gate.C-err]]"}, Guards: []string{"[[gate.C-guarded]] AND [[gate.C-other.member]]"}}
	tests := []struct {
		name string
		row  derive.Row
		want string
	}{
		{"emitted constraint", row("unit", "[[gate.C-err]]"), "CE"},
		{"effect kind", row("effect", "[[gate.C-plain]]"), "CE"},
		{"guarded constraint", row("unit", "[[gate.C-guarded]]"), "SA"},
		{"member link in a guard", row("unit", "[[gate.C-other]]"), "SA"},
		{"legacy spec prefix", row("unit", "[[spec.C-guarded]]"), "SA"},
		{"unguarded", row("unit", "[[gate.C-plain]]"), "PF"},
		{"law", row("law", "[[gate.C-plain]]"), "PF"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, derive.Archetype(tt.row, m))
		})
	}
}

func TestFileID(t *testing.T) {
	for text, want := range map[string]string{
		"---\nid: gate\nkind: intent\n---\n# x":     "gate",
		"\n\n---\nkind: intent\nid: \"a.b\"\n---\n": "a.b",
		"---\ncapability: gate\n---\n":              "",
		"# gate\nid: x\n":                           "",
		"---\nkind: intent\n---\nid: x\n":           "",
	} {
		assert.Equal(t, want, derive.FileID(text), "FileID(%q)", text)
	}
}

func TestPropertyIDs(t *testing.T) {
	text := "---\nid: gate\n---\n## Constraints\n| id | kind |\n|---|---|\n| C-a | invariant |\n" +
		"## Properties\n\nprose first\n| id | kind | derives_from | generator | predicate |\n| --- | :-: | --- | --- | --- |\n" +
		"| P-a | unit | [[gate.C-a]] | g | `a | b` |\n\n| P-b | law | x | y | z |\n|  | unit |\n### Other\n| P-c | unit |\n" +
		"## Requirements\n| P-d |\n"
	assert.Equal(t, []string{"P-a", "P-b"}, derive.PropertyIDs(text))
	assert.Empty(t, derive.PropertyIDs("## Properties\n| ID | Property |\n| --- | --- |\n| P-1 | x |\n"), "the header must name an id column")
}
