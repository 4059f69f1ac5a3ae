package config

import (
	"fmt"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// Scope is [scope] (issue 28: adopting ah one capability at a time): which
// scenarios the gate checks. A pattern is a capability ("cli", naming all
// its scenarios) or a doublestar glob over "<capability>/<scenario-id>".
// Scenarios out of scope are counted as such and never as passed.
type Scope struct {
	Include, Exclude []string
}

// Set reports whether [scope] narrows anything.
func (s Scope) Set() bool { return len(s.Include) > 0 || len(s.Exclude) > 0 }

// In reports whether the scenario id of capability is in scope: matched by
// an include pattern (or there is none) and by no exclude pattern.
func (s Scope) In(capability, id string) bool {
	if matchAny(s.Exclude, capability, id) {
		return false
	}
	return len(s.Include) == 0 || matchAny(s.Include, capability, id)
}

func matchAny(patterns []string, capability, id string) bool {
	unit := capability + "/" + id
	for _, p := range patterns {
		p = strings.TrimSuffix(p, "/")
		if p == capability || p == unit || strings.HasPrefix(capability, p+"/") {
			return true
		}
		if ok, _ := doublestar.Match(p, unit); ok {
			return true
		}
		if ok, _ := doublestar.Match(p, capability); ok {
			return true
		}
	}
	return false
}

// ScopeEntry is one [scope] pattern and its key ("scope.include[1]").
type ScopeEntry struct{ Key, Pattern string }

// Unmatched lists the entries that match none of units, each
// "<capability>/<scenario-id>" (issue 39): a typo in include gates less
// than meant, one in exclude excludes nothing.
func (s Scope) Unmatched(units []string) []ScopeEntry {
	var out []ScopeEntry
	for _, kv := range []struct {
		key      string
		patterns []string
	}{{"scope.include", s.Include}, {"scope.exclude", s.Exclude}} {
		for i, p := range kv.patterns {
			hit := false
			for _, u := range units {
				// A scenario id is a slug, never holding "/"; a
				// capability may nest (auth/sso).
				i := strings.LastIndex(u, "/")
				capability, id := u[:max(i, 0)], u[i+1:]
				if matchAny([]string{p}, capability, id) {
					hit = true
					break
				}
			}
			if !hit {
				out = append(out, ScopeEntry{fmt.Sprintf("%s[%d]", kv.key, i), p})
			}
		}
	}
	return out
}

// scopeOf reads [scope]; the zero value (everything in scope) when absent.
func scopeOf(doc map[string]any) Scope {
	var s Scope
	t, ok := doc["scope"].(map[string]any)
	if !ok {
		return s
	}
	if xs, ok := t["include"].([]any); ok {
		s.Include = strs(xs)
	}
	if xs, ok := t["exclude"].([]any); ok {
		s.Exclude = strs(xs)
	}
	return s
}

// badScopeGlobs reports [scope] patterns doublestar cannot parse: a broken
// pattern would match nothing and silently gate less than asked.
func badScopeGlobs(s Scope) []string {
	var out []string
	for _, kv := range []struct {
		key   string
		globs []string
	}{{"scope.include", s.Include}, {"scope.exclude", s.Exclude}} {
		key := kv.key
		for i, g := range kv.globs {
			if !doublestar.ValidatePattern(g) {
				out = append(out, fmt.Sprintf("%s[%d]: %q is not a valid glob (doublestar syntax: *, **, ?, [abc], {a,b}); fix its brackets or braces", key, i, g))
			}
		}
	}
	return out
}

// qualifyOf reads [scenarios] qualify_colliding_ids.
func qualifyOf(doc map[string]any) bool {
	t, _ := doc["scenarios"].(map[string]any)
	b, _ := t["qualify_colliding_ids"].(bool)
	return b
}
