package derivation

import (
	"fmt"
	"io/fs"
	"slices"

	"github.com/espectacular/ah/core/repofs"
	"github.com/espectacular/ah/core/spec"
)

// Covered is what property-derived contracts say of the scenarios of a
// scope (issue 14). It is empty unless a spec is dual format with
// Properties rows, so every other corpus checks exactly as before
// (C-plain-unaffected).
type Covered struct {
	// Alive are the contract paths of existing Properties rows: never
	// orphans, whether or not a scenario links them.
	Alive map[string]bool
	// Links are the VERIFIES links of the scenarios that have any, by
	// the scenario's index.
	Links map[int]Link
}

// Link is what one scenario's VERIFIES links say.
type Link struct {
	// Property is the first linked property whose derived contract
	// exists, ContractPath that contract (the scenario's contract then;
	// C-verifies-covers), Line its row's line in the spec; all empty when
	// no link has one, and the scenario keeps its own contract
	// (C-unlinked-unchanged), as in the Rust ah.
	Property, ContractPath string
	Line                   int
	// Dangling are the linked properties the spec does not have.
	Dangling []string
}

// Cover reads the VERIFIES links of n scenarios (scenario(i) gives the
// spec path and body of the i-th) against the dual-format specs among
// files, reading each spec (limit bytes at most) once for its Properties
// and once more for the row lines it needs; contracts are the contract
// files that exist.
func Cover(fsys fs.FS, files []spec.File, limit int64, contracts []string, n int, scenario func(i int) (specPath, body string)) (Covered, error) {
	sources, err := Sources(fsys, files, limit)
	if err != nil || len(sources) == 0 {
		return Covered{}, err
	}
	out := Covered{Alive: map[string]bool{}, Links: map[int]Link{}}
	bySpec := map[string]Source{}
	for _, s := range sources {
		bySpec[s.SpecPath] = s
		for _, p := range s.Properties {
			out.Alive[ContractPath(s.Capability, p)] = true
		}
	}
	texts := map[string]string{}
	for i := range n {
		specPath, body := scenario(i)
		src, ok := bySpec[specPath]
		if !ok {
			continue
		}
		var l Link
		for _, p := range Verifies(body, src.FileID) {
			if !slices.Contains(src.Properties, p) {
				l.Dangling = append(l.Dangling, p)
				continue
			}
			cp := ContractPath(src.Capability, p)
			if l.Property == "" && slices.Contains(contracts, cp) {
				l.Property, l.ContractPath = p, cp
				if l.Line, err = propertyLine(fsys, limit, texts, specPath, p); err != nil {
					return Covered{}, err
				}
			}
		}
		if l.Property != "" || l.Dangling != nil {
			out.Links[i] = l
		}
	}
	return out, nil
}

// propertyLine is the line of property p's row in specPath, reading each
// spec once (texts caches them).
func propertyLine(fsys fs.FS, limit int64, texts map[string]string, specPath, p string) (int, error) {
	text, ok := texts[specPath]
	if !ok {
		var err error
		if text, err = repofs.ReadString(fsys, specPath, limit); err != nil {
			return 0, fmt.Errorf("read %s: %w", specPath, err)
		}
		texts[specPath] = text
	}
	return PropertyLine(text, p), nil
}
