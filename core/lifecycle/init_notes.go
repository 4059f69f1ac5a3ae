package lifecycle

import (
	"fmt"
	"strings"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/spec"
)

// collisionNotes tell, for each pair of in-scope scenarios sharing an id,
// that only the first has a contract and what gives the second one: an
// adoption trial found the collisions with ah check, set
// qualify_colliding_ids, and could not tell what writes the second stub
// (ah init does, run again).
func collisionNotes(files []spec.File, cfg config.Config) []string {
	var out []string
	for _, f := range files {
		_, collisions := spec.Dedupe(f.Scenarios)
		for _, c := range collisions {
			note := fmt.Sprintf("slug collision: %s: scenarios %q (line %d) and %q (line %d) have the id %q, so only the first has a contract; ",
				f.Path, c.First.Title, c.First.Line, c.Second.Title, c.Second.Line, c.Second.ID)
			if q, _ := f.Doc.Qualification(c); q != "" && !cfg.QualifyCollidingIDs {
				scope := ""
				if !cfg.Scope.In(f.Capability, q) {
					scope = fmt.Sprintf(", add %q to [scope] include", f.Capability+"/"+q)
				}
				note += fmt.Sprintf("set qualify_colliding_ids = true under [scenarios] in %s%s and run `ah init` again: it stubs the second as %s; or rename one of them",
					config.Path, scope, contract.Path(config.Dir, f.Capability, q))
			} else {
				note += "rename one of them (ah explain slug-collision), then run `ah init` again"
			}
			out = append(out, note)
		}
	}
	return out
}

// qualifiedOutOfScope notes the qualified scenarios that [scope] include
// leaves out although it names the id they were qualified from: an entry
// written before qualify_colliding_ids covered both scenarios, and after
// it only the first, so ah init stubs nothing and ah check passes quietly.
func qualifiedOutOfScope(files []spec.File, s config.Scope) []string {
	var out []string
	for _, f := range files {
		for _, sc := range f.Scenarios {
			_, plain, qualified := strings.Cut(sc.ID, spec.QualifySeparator)
			excluded := !config.Scope{Exclude: s.Exclude}.In(f.Capability, sc.ID) // deliberately
			if !qualified || excluded || s.In(f.Capability, sc.ID) || !s.In(f.Capability, plain) {
				continue
			}
			unit := f.Capability + "/" + sc.ID
			out = append(out, fmt.Sprintf("out of scope: %s (qualified from %s/%s, which [scope] include names): add %q to [scope] include in %s and run `ah init` again to stub it",
				unit, f.Capability, plain, unit, config.Path))
		}
	}
	return out
}
