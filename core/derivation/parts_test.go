package derivation_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/core/derivation"
)

func TestVerifies(t *testing.T) {
	tests := []struct {
		name, body string
		want       []string
	}{
		{"own prefix", "- **WHEN** x\n  - **VERIFIES** [[gate.P-discovery]]  \n", []string{"P-discovery"}},
		{"legacy and bare", "- **VERIFIES** [[spec.P-a]]\n- **VERIFIES** [[P-b]]\n", []string{"P-a", "P-b"}},
		{"other file cut at last dot", "- **VERIFIES** [[other.cap.P-c]]", []string{"P-c"}},
		{"own prefix keeps the dots after it", "- **VERIFIES** [[gate.P-b.x]]\n- **VERIFIES** [[.P-d]]", []string{"P-b.x", "P-d"}},
		{"empty and nested targets", "- **VERIFIES** [[]]\n- **VERIFIES** [[a]] [[b]]\n- **VERIFIES** [[gate.P-e]]", []string{"P-e"}},
		{"not exactly a bullet", "- **VERIFIES**: [[gate.P-x]]\n- **VERIFIES** [[gate.P-x]] and more\ntext **VERIFIES** [[gate.P-x]]", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, derivation.Verifies(tt.body, "gate"))
		})
	}
}

func TestArchetype(t *testing.T) {
	row := func(kind, derivesFrom string) derivation.Row {
		return derivation.Row{ID: "P-x", Kind: &kind, Cells: map[string]string{"derives_from": derivesFrom}}
	}
	m := derivation.Model{FileID: "gate", Emits: []string{"[[gate.C-err]]"}, Guards: []string{"[[gate.C-guarded]] AND [[gate.C-other.member]]"}}
	tests := []struct {
		name string
		row  derivation.Row
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
			assert.Equal(t, tt.want, derivation.Archetype(tt.row, m))
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
		assert.Equal(t, want, derivation.FileID(text), "FileID(%q)", text)
	}
}

func TestPropertyIDs(t *testing.T) {
	text := "---\nid: gate\n---\n## Constraints\n| id | kind |\n|---|---|\n| C-a | invariant |\n" +
		"## Properties\n\nprose first\n| id | kind | derives_from | generator | predicate |\n| --- | :-: | --- | --- | --- |\n" +
		"| P-a | unit | [[gate.C-a]] | g | `a | b` |\n\n| P-b | law | x | y | z |\n|  | unit |\n### Other\n| P-c | unit |\n" +
		"## Requirements\n| P-d |\n"
	assert.Equal(t, []string{"P-a", "P-b"}, derivation.PropertyIDs(text))
	assert.Empty(t, derivation.PropertyIDs("## Properties\n| ID | Property |\n| --- | --- |\n| P-1 | x |\n"), "the header must name an id column")
}

func TestArchetypeLinks(t *testing.T) {
	unitKind := "unit"
	row := func(derivesFrom string) derivation.Row {
		return derivation.Row{ID: "P-x", Kind: &unitKind, Cells: map[string]string{"derives_from": derivesFrom}}
	}
	tests := []struct {
		name string
		row  derivation.Row
		m    derivation.Model
		want string
	}{
		{"no kind column, nothing cited", derivation.Row{ID: "P-x"}, derivation.Model{FileID: "gate", Emits: []string{"[[gate.C-a]]"}}, "PF"},
		{"without a file id only spec. links count", row("[[gate.C-a]] [[spec.C-b]]"), derivation.Model{Guards: []string{"[[gate.C-a]]"}, Emits: []string{"[[spec.C-b]]"}}, "CE"},
		{"a file-id link is not a spec. link without a file id", row("[[gate.C-a]]"), derivation.Model{Guards: []string{"[[gate.C-a]]"}}, "PF"},
		{"empty ids are no citation", row("[[gate.]] [[spec.]]"), derivation.Model{FileID: "gate", Guards: []string{"[[gate.]]"}}, "PF"},
		{"other files' links are no citation", row("[[other.C-a]]"), derivation.Model{FileID: "gate", Guards: []string{"[[other.C-a]]"}}, "PF"},
		{"emits wins over guards", row("[[gate.C-b]] [[gate.C-a]]"), derivation.Model{FileID: "gate", Guards: []string{"[[gate.C-b]]"}, Emits: []string{"x [[gate.C-a.field]]"}}, "CE"},
		{"the second guard cites it", row("[[gate.C-b]]"), derivation.Model{FileID: "gate", Guards: []string{"[[gate.C-a]]", "[[gate.C-z]] or [[gate.C-b]]"}}, "SA"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, derivation.Archetype(tt.row, tt.m))
		})
	}
}

func TestFileIDEdges(t *testing.T) {
	for text, want := range map[string]string{
		"":                                 "",
		"\n  \n":                           "",
		"\ufeff---\r\nid: 'x'\r\n---\r\n":  "x",
		"--- \t\nid:   y  \n---\n":         "y",
		"---\n":                            "",
		"---\nname: a\n--- \nid: late\n":   "",
		"text\n---\nid: not frontmatter\n": "",
	} {
		assert.Equal(t, want, derivation.FileID(text), "FileID(%q)", text)
	}
}

func TestPropertyIDsTables(t *testing.T) {
	tests := []struct {
		name, text string
		want       []string
	}{
		{"id column not first, short rows skipped", "## Properties\n| kind | id |\n|:--|--:|\n| unit | P-a |\n| law |\n| x | P-b | extra |\n", []string{"P-a", "P-b"}},
		{"a row without dashes is not a separator", "## Properties\n| id |\n| : |\n| P-a |\n", []string{":", "P-a"}},
		{"an h3 Properties is not the table", "### Properties\n| id |\n| --- |\n| P-a |\n", nil},
		{"a later h2 Properties restarts the header", "## Properties\n| id |\n| --- |\n| P-a |\n## Other\n| P-x |\n## Properties\n| kind | id |\n| --- | --- |\n| u | P-b |\n", []string{"P-a", "P-b"}},
		{"lines outside tables are skipped", "## Properties\ntext | id\n| id |\n| --- |\n| P-a |\n", []string{"P-a"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, derivation.PropertyIDs(tt.text))
		})
	}
}
