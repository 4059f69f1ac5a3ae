package coverage

import (
	"io/fs"
	"slices"

	"github.com/espectacular/ah/core/repofs"
	"github.com/espectacular/ah/core/report"
	"github.com/espectacular/ah/core/spec"
)

// requirements caches each spec file's parse, so a spec of 300 scenarios
// is read once.
type requirements map[string]spec.Document

// of names the requirement whose block holds u's scenario heading; empty
// when none does or the spec cannot be read.
func (r requirements) of(fsys fs.FS, u report.Unit) string {
	if u.Scenario.Line == nil {
		return ""
	}
	doc, ok := r[u.SpecPath]
	if !ok {
		data, err := repofs.ReadFile(fsys, u.SpecPath, repofs.DefaultSpecLimit)
		if err == nil {
			doc = spec.Parse(data)
		}
		r[u.SpecPath] = doc
	}
	line := *u.Scenario.Line
	find := func(reqs []spec.Requirement) string {
		for _, q := range reqs {
			if q.Span.Contains(line) {
				return q.Name
			}
		}
		return ""
	}
	if name := find(doc.Requirements); name != "" {
		return name
	}
	for _, s := range doc.Sections {
		if name := find(s.Requirements); name != "" {
			return name
		}
	}
	return ""
}

// unitExecutions are the executions that ran one of u's bindings.
func unitExecutions(all *[]report.Execution, u report.Unit) []report.Execution {
	if all == nil {
		return nil
	}
	var out []report.Execution
	for _, e := range *all {
		if slices.ContainsFunc(u.Bindings, func(b report.Binding) bool { return slices.Contains(e.Bindings, b.Ref) }) {
			out = append(out, e)
		}
	}
	return out
}
