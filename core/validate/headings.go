package validate

import (
	"fmt"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/spec"
)

// malformedHeadings warns about each line that looks meant as a scenario
// heading but is not one, so a scenario is never silently left unchecked
// (issue 8, near-miss scenario headings).
func malformedHeadings(files []spec.File) []finding.Finding {
	var out []finding.Finding
	for _, f := range files {
		for _, m := range f.Doc.NearMisses {
			fd := finding.New(finding.MalformedScenarioHeading, fmt.Sprintf(
				"%s:%d: `%s` is not a scenario heading: write `%s`", f.Path, m.Line, m.Written, m.Corrected))
			fd.Spec, fd.SpecPath = f.Capability, f.Path
			fd.Heading = &finding.Heading{Line: m.Line, Written: m.Written, Corrected: m.Corrected}
			out = append(out, fd)
		}
	}
	return out
}
