package check

import (
	"fmt"
	"strings"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/spec"
)

// duplicateRequirements reports each requirement block whose name an
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

// outsideRequirements reports what OpenSpec cannot see in a main spec
// that has a `## Requirements` section (issue 39): a `### Requirement:`
// header, or a scenario under no requirement, outside that section.
// OpenSpec parses requirements only there, so `openspec validate` rejects
// the spec and `openspec archive` refuses changes that name them; ah
// reading them would pass a tree OpenSpec rejects. A spec with no
// `## Requirements` section at all (ah's minimal shape) is not judged
// here, and a change's delta is not a main spec.
func outsideRequirements(files []spec.File) []finding.Finding {
	var out []finding.Finding
	for _, f := range files {
		main, delta := false, false
		for _, s := range f.Doc.Sections {
			main = main || s.Delta == spec.DeltaNone && strings.EqualFold(strings.TrimSpace(s.Title), "Requirements")
			delta = delta || s.Delta != spec.DeltaNone
		}
		if !main || delta {
			continue
		}
		report := func(line int, what string) {
			fd := finding.New(finding.OutsideRequirements, fmt.Sprintf(
				"%s:%d: %s is outside the `## Requirements` section; OpenSpec parses requirements only inside it, so openspec validate rejects this spec and openspec archive refuses changes naming it: move it under `## Requirements` (scenarios under a `### Requirement:`)",
				f.Path, line, what))
			fd.Spec, fd.SpecPath, fd.Line = f.Capability, f.Path, &line
			out = append(out, fd)
		}
		loose := func(reqs []spec.Requirement, scenarios []spec.ScenarioNode) {
			for _, r := range reqs {
				report(r.Span.Start, fmt.Sprintf("requirement %q", r.Name))
			}
			for _, s := range scenarios {
				report(s.Span.Start, fmt.Sprintf("scenario %q", s.Title))
			}
		}
		loose(f.Doc.Requirements, f.Doc.Scenarios)
		for _, s := range f.Doc.Sections {
			if !strings.EqualFold(strings.TrimSpace(s.Title), "Requirements") {
				loose(s.Requirements, s.Scenarios)
			}
		}
	}
	return out
}
