package config

import (
	"fmt"

	"github.com/espectacular/ah/core/unit"
)

// Scope is [scope] (issue 28: adopting ah one capability at a time): which
// scenarios the gate checks. A pattern names units by the one rule of
// unit.Match (a capability with the ones nested under it, a
// <capability>/<scenario-id>, or a doublestar glob over either). Scenarios
// out of scope are counted as such and never as passed.
type Scope struct {
	Include, Exclude []string
}

// Set reports whether [scope] narrows anything.
func (s Scope) Set() bool { return len(s.Include) > 0 || len(s.Exclude) > 0 }

// In reports whether the scenario id of capability (with id "", the
// capability as a whole) is in scope: named by an include pattern (or
// there is none) and by no exclude pattern (unit.Match).
func (s Scope) In(capability, id string) bool {
	if unit.MatchAny(s.Exclude, capability, id) {
		return false
	}
	return len(s.Include) == 0 || unit.MatchAny(s.Include, capability, id)
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
				if capability, id := unit.Split(u); unit.Match(p, capability, id) {
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
	return append(invalidGlobs("scope.include", s.Include), invalidGlobs("scope.exclude", s.Exclude)...)
}

// qualifyOf reads [scenarios] qualify_colliding_ids.
func qualifyOf(doc map[string]any) bool {
	t, _ := doc["scenarios"].(map[string]any)
	b, _ := t["qualify_colliding_ids"].(bool)
	return b
}
