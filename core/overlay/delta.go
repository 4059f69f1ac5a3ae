package overlay

import (
	"fmt"
	"slices"

	"github.com/espectacular/ah/core/spec"
)

// ops are the requirement operations of one delta spec, after the
// refusals OpenSpec makes within one file have been reported and the
// refused operations dropped.
type ops struct {
	added, modified []spec.Requirement
	removed         []spec.Ref
	renamed         []spec.Rename
}

// readOps collects a delta spec's operations. Like `openspec archive` it
// refuses a requirement named twice in one section, one requirement in
// two sections, a half RENAMED pair and a file with no operation; each
// refusal is a conflict, and the refused operation is not applied.
func (a *applier) readOps(c Change, f spec.File) ops {
	var o ops
	for _, s := range f.Doc.Sections {
		switch s.Delta {
		case spec.DeltaAdded:
			o.added = append(o.added, s.Requirements...)
		case spec.DeltaModified:
			o.modified = append(o.modified, s.Requirements...)
		case spec.DeltaRemoved:
			o.removed = append(o.removed, s.Removed...)
		case spec.DeltaRenamed:
			o.renamed = append(o.renamed, s.Renames...)
		}
	}
	if len(o.added)+len(o.modified)+len(o.removed)+len(o.renamed) == 0 {
		a.conflict(c, f, nil, fmt.Sprintf(
			"change %q: %s has no ADDED, MODIFIED, REMOVED or RENAMED requirement, so openspec archive refuses it: add a `## ADDED Requirements` section with `### Requirement:` blocks, or delete the file",
			c.ID, f.Path))
		return o
	}
	bad := func(line int, format string, args ...any) {
		a.conflict(c, f, nil, fmt.Sprintf("change %q: %s:%d: ", c.ID, f.Path, line)+fmt.Sprintf(format, args...))
	}
	o.renamed = slices.DeleteFunc(o.renamed, func(r spec.Rename) bool {
		switch {
		case r.To.Line == 0:
			bad(r.From.Line, "RENAMED FROM %q has no `- TO: ### Requirement: <new name>` line after it", r.From.Name)
		case r.From.Line == 0:
			bad(r.To.Line, "RENAMED TO %q has no `- FROM: ### Requirement: <old name>` line before it", r.To.Name)
		default:
			return false
		}
		return true
	})
	dupes := func(section string) func(string, int) bool {
		seen := map[string]bool{}
		return func(name string, line int) bool {
			if seen[name] {
				bad(line, "requirement %q is named twice in %s: keep one", name, section)
				return true
			}
			seen[name] = true
			return false
		}
	}
	o.added = dropReqs(o.added, dupes("ADDED"))
	o.modified = dropReqs(o.modified, dupes("MODIFIED"))
	o.removed = dropRefs(o.removed, dupes("REMOVED"))
	from, to := dupes("RENAMED FROM"), dupes("RENAMED TO")
	o.renamed = slices.DeleteFunc(o.renamed, func(r spec.Rename) bool { return from(r.From.Name, r.From.Line) || to(r.To.Name, r.To.Line) })
	a.crossSections(&o, bad)
	return o
}

// crossSections drops an operation on a requirement another section of
// the same file already names (OpenSpec's cross-section refusals).
func (a *applier) crossSections(o *ops, bad func(int, string, ...any)) {
	names := func(reqs []spec.Requirement) map[string]bool {
		m := map[string]bool{}
		for _, r := range reqs {
			m[r.Name] = true
		}
		return m
	}
	removed, renamedFrom, renamedTo := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, r := range o.removed {
		removed[r.Name] = true
		removed[fold(r.Name)] = true
	}
	for _, r := range o.renamed {
		renamedFrom[r.From.Name], renamedTo[r.To.Name] = true, true
	}
	modified := names(o.modified)
	o.renamed = slices.DeleteFunc(o.renamed, func(r spec.Rename) bool {
		if removed[fold(r.From.Name)] {
			bad(r.From.Line, "requirement %q is both RENAMED and REMOVED: keep one", r.From.Name)
			return true
		}
		return false
	})
	o.modified = dropReqs(o.modified, func(name string, line int) bool {
		switch {
		case removed[name]:
			bad(line, "requirement %q is both MODIFIED and REMOVED: keep one", name)
		case renamedFrom[name]:
			bad(line, "requirement %q is MODIFIED under its old name: a MODIFIED block of a RENAMED requirement names the new one", name)
		default:
			return false
		}
		return true
	})
	o.added = dropReqs(o.added, func(name string, line int) bool {
		switch {
		case modified[name]:
			bad(line, "requirement %q is both ADDED and MODIFIED: keep one", name)
		case removed[name]:
			bad(line, "requirement %q is both ADDED and REMOVED: keep one", name)
		case renamedTo[name]:
			bad(line, "requirement %q is ADDED and is also the new name of a RENAMED requirement: keep one", name)
		default:
			return false
		}
		return true
	})
}

func dropReqs(reqs []spec.Requirement, drop func(string, int) bool) []spec.Requirement {
	return slices.DeleteFunc(reqs, func(r spec.Requirement) bool { return drop(r.Name, r.Span.Start) })
}

func dropRefs(refs []spec.Ref, drop func(string, int) bool) []spec.Ref {
	return slices.DeleteFunc(refs, func(r spec.Ref) bool { return drop(r.Name, r.Line) })
}
