package config

import (
	"fmt"
	"maps"
	"slices"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/espectacular/ah/core/unit"
)

// Selection is [selection]: what a changed file affects when ah check
// --run-tests narrows execution to a change (core/selection).
type Selection struct {
	// Paths maps a capability to globs of source files whose change
	// selects its contracts.
	Paths map[string][]string
	// Ignore are globs of files whose change affects no contract.
	Ignore []string
}

// selectionOf reads [selection]; the zero value when absent.
func selectionOf(doc map[string]any) Selection {
	var s Selection
	t, ok := doc["selection"].(map[string]any)
	if !ok {
		return s
	}
	if p, ok := t["paths"].(map[string]any); ok {
		s.Paths = map[string][]string{}
		for capability, globs := range p {
			xs, _ := globs.([]any)
			s.Paths[capability] = strs(xs)
		}
	}
	if xs, ok := t["ignore"].([]any); ok {
		s.Ignore = strs(xs)
	}
	return s
}

// invalidGlobs words each of globs (under key) doublestar cannot parse,
// [scope] patterns (unit.Match) and [selection] file globs alike.
func invalidGlobs(key string, globs []string) []string {
	var out []string
	for i, g := range globs {
		if !doublestar.ValidatePattern(g) {
			out = append(out, fmt.Sprintf("%s[%d]: %q is not a valid glob (%s); fix its brackets or braces", key, i, g, unit.GlobSyntax))
		}
	}
	return out
}

// badGlobs reports the globs doublestar cannot parse: a broken pattern
// would otherwise match nothing and silently widen or narrow every run.
func badGlobs(s Selection) []string {
	var out []string
	for _, capability := range slices.Sorted(maps.Keys(s.Paths)) {
		out = append(out, invalidGlobs(fmt.Sprintf("selection.paths.%q", capability), s.Paths[capability])...)
	}
	return append(out, invalidGlobs("selection.ignore", s.Ignore)...)
}
