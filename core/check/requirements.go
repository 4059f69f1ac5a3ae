package check

import (
	"fmt"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/spec"
)

// duplicateRequirements warns about each requirement block whose name an
// earlier block of the same section already has. ah folds the repeated
// scenarios into one (seed 004), but OpenSpec rejects such a spec, so the
// repeat must not pass unsaid (issue 28). A delta section mirrored under
// Requirements is another section: no repeat.
func duplicateRequirements(files []spec.File) []finding.Finding {
	var out []finding.Finding
	for _, f := range files {
		blocks := [][]spec.Requirement{f.Doc.Requirements}
		for _, s := range f.Doc.Sections {
			blocks = append(blocks, s.Requirements)
		}
		for _, reqs := range blocks {
			first := map[string]int{}
			for _, r := range reqs {
				at, seen := first[r.Name]
				if !seen {
					first[r.Name] = r.Span.Start
					continue
				}
				line := r.Span.Start
				fd := finding.New(finding.DuplicateRequirement, fmt.Sprintf(
					"%s:%d: requirement %q repeats the block at line %d; OpenSpec rejects a spec with two requirements of one name (openspec validate): delete one of them, or merge them",
					f.Path, line, r.Name, at))
				fd.Spec, fd.SpecPath, fd.Line = f.Capability, f.Path, &line
				out = append(out, fd)
			}
		}
	}
	return out
}
