package selection

import (
	"path"
	"strings"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/shellword"
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

// target is what one changed file affects.
type target struct {
	caps      []string
	contracts []string
	ignored   bool
}

func (t target) mapped() bool { return len(t.caps) > 0 || len(t.contracts) > 0 }

// mapFile maps one repository-relative file to the capabilities and
// contracts it affects: by spec provenance (the spec and contract trees,
// deployed or in a change), by a binding naming it, and by the
// [selection] paths globs. known are the capabilities in scope, so a
// nested capability (a/b) wins over its parent directory.
func (r Rules) mapFile(file string, known []string, contracts []Contract) target {
	var t target
	if c, ok := r.provenance(file, known); ok {
		t.caps = append(t.caps, c)
	}
	for _, c := range contracts {
		if names(c.Named, file) {
			t.contracts = append(t.contracts, c.Key)
		}
	}
	for c, globs := range r.Selection.Paths {
		if matchAny(globs, file) {
			t.caps = append(t.caps, c)
		}
	}
	t.ignored = !t.mapped() && matchAny(r.Selection.Ignore, file)
	return t
}

// provenance maps the spec and contract trees:
// <specs>/<cap>/..., <changes>/<id>/specs/<cap>/...,
// .espectacular/changes/<id>/<cap>/... and .espectacular/<cap>/...
// A file of a capability not in scope (a deleted one) still maps, by its
// directory, when it is a spec.md or contract .toml: it then selects
// nothing. .espectacular/config.toml maps to nothing: it affects all.
func (r Rules) provenance(file string, known []string) (string, bool) {
	if rest, ok := under(file, r.Changes); ok {
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

// Named lists the paths a binding's flags or command name: each word,
// and the value of each --opt=value, cleaned, with a pytest-style
// ::test suffix cut off.
func Named(line string) []string {
	words, err := shellword.Split(line)
	if err != nil {
		words = strings.Fields(line)
	}
	var out []string
	for _, w := range words {
		if _, v, ok := strings.Cut(w, "="); ok && strings.HasPrefix(w, "-") {
			w = v
		}
		if w == "" || strings.HasPrefix(w, "-") {
			continue
		}
		w, _, _ = strings.Cut(w, "::")
		if w = path.Clean(w); w != "." && w != "/" {
			out = append(out, w)
		}
	}
	return out
}

// names reports whether one of a binding's named paths is file itself,
// the directory directly holding it (a Go package), or a ./... pattern
// above it.
func names(named []string, file string) bool {
	for _, n := range named {
		switch {
		case n == file, path.Dir(file) == n, n == "...":
			return true
		case strings.HasSuffix(n, "/..."):
			if root := strings.TrimSuffix(n, "/..."); root == "." || strings.HasPrefix(file, root+"/") {
				return true
			}
		}
	}
	return false
}
