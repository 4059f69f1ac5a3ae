package derivation

import (
	"regexp"
	"slices"
	"strings"
)

// Model is the part of a parsed spec the archetype inference reads.
type Model struct {
	// FileID is the frontmatter id ([[<file-id>.C-x]] links).
	FileID string
	// Emits are the emits cells of the States; Guards the transition
	// guards.
	Emits, Guards []string
}

// Falsifiability is the falsifiability_class of every derived contract.
const Falsifiability = "safety"

var link = regexp.MustCompile(`\[\[([^\[\]]+)\]\]`)

// Archetype infers a derived contract's archetype (design D5, first match
// wins): CE when the row's kind is effect or a state emits one of the
// constraints it derives from, SA when a transition guard cites one, PF
// otherwise. Unlike the Rust ah, which only read [[spec.C-x]] links, links
// qualified with the file's own id count: under format revision 18 every
// row had become PF.
func Archetype(r Row, m Model) string {
	cited := rowLinks(r.Cells["derives_from"], m.FileID)
	if r.Kind != nil && *r.Kind == "effect" {
		return "CE"
	}
	citesAny := func(cells []string) bool {
		for _, c := range cells {
			for _, id := range rowLinks(c, m.FileID) {
				if slices.Contains(cited, id) {
					return true
				}
			}
		}
		return false
	}
	switch {
	case len(cited) == 0:
		return "PF"
	case citesAny(m.Emits):
		return "CE"
	case citesAny(m.Guards):
		return "SA"
	}
	return "PF"
}

// rowLinks are the row ids cited by [[<file-id>.X]] or [[spec.X]] links in
// text (member suffixes such as .field are dropped).
func rowLinks(text, fileID string) []string {
	var out []string
	for _, m := range link.FindAllStringSubmatch(text, -1) {
		t := m[1]
		var rest string
		var ok bool
		if fileID != "" {
			rest, ok = strings.CutPrefix(t, fileID+".")
		}
		if !ok {
			rest, ok = strings.CutPrefix(t, "spec.")
		}
		if !ok || rest == "" {
			continue
		}
		rest, _, _ = strings.Cut(rest, ".")
		out = append(out, rest)
	}
	return out
}
