package derivation

import (
	"strings"

	"github.com/espectacular/ah/core/slug"
	"github.com/espectacular/ah/ports"
)

// Derived is the derived contract one Properties row asks for.
type Derived struct {
	// Property is the row id (P-discovery); Fields the derived fields,
	// Fields.ID its slug.
	Property string
	Fields   Fields
}

// FromSpec derives one contract per Properties row of a parsed spec whose
// frontmatter id is fileID, in row order.
func FromSpec(s ports.SpkSpec, fileID string) []Derived {
	m := Model{FileID: fileID}
	for _, st := range s.States {
		if e := st.Cells["emits"]; e != "" {
			m.Emits = append(m.Emits, e)
		}
	}
	for _, t := range s.Transitions {
		if t.Guard != nil {
			m.Guards = append(m.Guards, *t.Guard)
		}
	}
	out := make([]Derived, 0, len(s.Properties))
	for _, p := range s.Properties {
		r := Row{ID: p.ID, Kind: p.Kind, Cells: p.Cells}
		id := strings.TrimSpace(p.ID)
		out = append(out, Derived{Property: id, Fields: Fields{
			ID: slug.ASCII(id), Description: p.Cells["predicate"], Archetype: Archetype(r, m),
			FalsifiabilityClass: Falsifiability, DerivedFrom: DerivedFrom(r),
		}})
	}
	return out
}

// Current reads the derived fields a contract holds now, from its decoded
// TOML document.
func Current(doc map[string]any) Fields {
	s := func(k string) string { v, _ := doc[k].(string); return v }
	return Fields{
		ID: s("id"), Description: s("description"), Archetype: s("archetype"),
		FalsifiabilityClass: s("falsifiability_class"), DerivedFrom: s("derived_from"),
	}
}
