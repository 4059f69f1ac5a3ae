package validate

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
// (under specs) that has a `## Requirements` section or a delta section
// (issue 39): a `### Requirement:` header, or a scenario under no
// requirement, outside `## Requirements`. OpenSpec parses requirements
// only there (and refuses delta headers in a main spec), so `openspec
// validate` rejects the spec and `openspec archive` refuses changes that
// name them; ah reading them would pass a tree OpenSpec rejects. A spec
// with neither section (ah's minimal shape) is not judged here, nor is a
// change's delta.
func outsideRequirements(files []spec.File, specs string) []finding.Finding {
	var out []finding.Finding
	for _, f := range files {
		if !strings.HasPrefix(f.Path, specs+"/") {
			continue
		}
		judged := false
		for _, s := range f.Doc.Sections {
			judged = judged || s.Delta != spec.DeltaNone || isRequirements(s)
		}
		if !judged {
			continue
		}
		report := func(line int, what, where string) {
			fd := finding.New(finding.OutsideRequirements, fmt.Sprintf(
				"%s:%d: %s is outside the `## Requirements` section%s; OpenSpec parses requirements only inside it, so openspec validate rejects this spec and openspec archive refuses changes naming it: move it under `## Requirements` (scenarios under a `### Requirement:`)",
				f.Path, line, what, where))
			fd.Spec, fd.SpecPath, fd.Line = f.Capability, f.Path, &line
			out = append(out, fd)
		}
		// A block mirrored under `## Requirements` (seed 004: a delta's
		// section kept beside its result) is read there, by ah once and by
		// OpenSpec: no scenario is lost, so it is not reported.
		mirrored := map[string]bool{}
		for _, s := range f.Doc.Sections {
			if isRequirements(s) {
				for _, r := range s.Requirements {
					mirrored[r.Name] = true
				}
			}
		}
		loose := func(reqs []spec.Requirement, scenarios []spec.ScenarioNode, where string) {
			for _, r := range reqs {
				if !mirrored[r.Name] {
					report(r.Span.Start, fmt.Sprintf("requirement %q", r.Name), where)
				}
			}
			for _, s := range scenarios {
				report(s.Span.Start, fmt.Sprintf("scenario %q", s.Title), where)
			}
		}
		loose(f.Doc.Requirements, f.Doc.Scenarios, "")
		for _, s := range f.Doc.Sections {
			switch {
			case isRequirements(s):
			case s.Delta != spec.DeltaNone:
				loose(s.Requirements, s.Scenarios, fmt.Sprintf(" (under %q, a delta header, which belongs in a change, not a main spec)", "## "+s.Title))
			default:
				loose(s.Requirements, s.Scenarios, "")
			}
		}
	}
	return out
}

// isRequirements reports whether s is a main spec's `## Requirements`.
func isRequirements(s spec.Section) bool {
	return s.Delta == spec.DeltaNone && strings.EqualFold(strings.TrimSpace(s.Title), "Requirements")
}
