package selection

import (
	"path"
	"strings"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/overlay"
)

// Rules say what a changed file affects.
type Rules struct {
	// Specs and Changes are the config's [paths].
	Specs, Changes string
	// Selection is the config's [selection] paths and ignore globs.
	Selection config.Selection
}

// RulesOf reads the rules of a configuration.
func RulesOf(cfg config.Config) Rules {
	return Rules{Specs: cfg.Specs, Changes: cfg.Changes, Selection: cfg.Selection}
}

// target is what one changed file affects by the layout and glob rules.
type target struct {
	// layout are the capabilities whose spec or contract tree holds the
	// file; globs those whose [selection] paths match it.
	layout, globs []string
	// spec: the file lies in the spec or contract layout, which accounts
	// for it (seed 004 P-range-files) even when it names no capability in
	// scope (a deleted capability, an archived change).
	spec bool
	// ignored: a [selection] ignore glob matches a file outside the
	// layout; the user declared it affects nothing.
	ignored bool
}

// accounted reports whether the layout or the user accounts for the file
// without a graph. A [selection] paths glob never does: it only adds
// capabilities (issue 35).
func (t target) accounted() bool { return t.spec || t.ignored }

// mapFile maps one repository-relative file to the capabilities it
// affects by spec provenance (the spec and contract trees, deployed or in
// a change) and by the [selection] paths globs: knowledge that is exact or
// the user's own. known are the capabilities in scope, so a nested
// capability (a/b) wins over its parent directory.
func (r Rules) mapFile(file string, known []string) target {
	var t target
	if c, ok := r.provenance(file, known); ok {
		t.spec = true
		if c != "" {
			t.layout = append(t.layout, c)
		}
	}
	for c, globs := range r.Selection.Paths {
		if matchAny(globs, file) {
			t.globs = append(t.globs, c)
		}
	}
	t.ignored = !t.spec && matchAny(r.Selection.Ignore, file)
	return t
}

// provenance maps the spec and contract trees:
// <specs>/<cap>/..., <changes>/<id>/specs/<cap>/...,
// .espectacular/changes/<id>/<cap>/... and .espectacular/<cap>/...
// A file of a capability not in scope (a deleted one) still maps, by its
// directory, when it is a spec.md or contract .toml: it then selects
// nothing. An archived change (<changes>/archive/...) is history: it maps,
// with no capability. .espectacular/config.toml maps to nothing: it
// affects all.
func (r Rules) provenance(file string, known []string) (string, bool) {
	if rest, ok := under(file, r.Changes); ok {
		if strings.HasPrefix(rest, overlay.ArchiveDir+"/") {
			return "", true
		}
		if _, rest, ok := strings.Cut(rest, "/"); ok {
			if rest, ok := strings.CutPrefix(rest, "specs/"); ok {
				return capUnder(rest, known, isSpec)
			}
		}
		return "", false
	}
	if rest, ok := under(file, config.Dir); ok {
		if rest, ok := strings.CutPrefix(rest, "changes/"); ok {
			if _, rest, ok := strings.Cut(rest, "/"); ok {
				return capUnder(rest, known, isContract)
			}
			return "", false
		}
		return capUnder(rest, known, isContract)
	}
	if rest, ok := under(file, r.Specs); ok {
		return capUnder(rest, known, isSpec)
	}
	return "", false
}

func isSpec(rel string) bool     { return path.Base(rel) == "spec.md" }
func isContract(rel string) bool { return strings.HasSuffix(rel, ".toml") }

// capUnder is the longest known capability holding rel, else rel's
// directory when rel is a file of that tree's kind. The capabilities
// holding rel nest (a, a/b), so the longest extends every other one.
func capUnder(rel string, known []string, ofKind func(string) bool) (string, bool) {
	best := ""
	for _, c := range known {
		if strings.HasPrefix(rel, c+"/") && strings.HasPrefix(c, best) {
			best = c
		}
	}
	if best != "" {
		return best, true
	}
	if dir := path.Dir(rel); dir != "." && ofKind(rel) {
		return dir, true
	}
	return "", false
}

func under(file, dir string) (string, bool) {
	if dir == "." {
		return file, true
	}
	return strings.CutPrefix(file, dir+"/")
}

func matchAny(globs []string, file string) bool {
	for _, g := range globs {
		if ok, _ := doublestar.Match(g, file); ok {
			return true
		}
	}
	return false
}
