package vitest

import (
	"slices"
	"strings"

	"github.com/espectacular/ah/ports"
)

var _ ports.Batcher = Driver{}

// Select implements ports.Batcher: one name pattern (`-t <p>`,
// `--testNamePattern <p>` or their `=` forms) plus optional file filters,
// nothing else. The pattern is evaluated by ah's reporter inside vitest
// with JavaScript's RegExp, so any pattern batches whose escapes, classes
// and groups close inside it (selfContained): the batch's alternation can
// then be split back into exactly the bindings' patterns. The terms are
// the pattern, then the file filters.
func (Driver) Select(flags []string) (ports.Selector, bool) {
	var pattern string
	var files []string
	seen := false
	for i := 0; i < len(flags); i++ {
		f := flags[i]
		name, value, hasValue := strings.Cut(f, "=")
		switch {
		case (name == "-t" || name == "--testNamePattern") && !seen:
			if !hasValue {
				if i+1 >= len(flags) {
					return ports.Selector{}, false
				}
				value, i = flags[i+1], i+1
			}
			pattern, seen = value, true
		case f != "" && !strings.HasPrefix(f, "-"):
			files = append(files, f)
		default:
			return ports.Selector{}, false
		}
	}
	if pattern == "" || !selfContained(pattern) {
		return ports.Selector{}, false
	}
	return ports.Selector{Terms: append([]string{pattern}, files...)}, true
}

// BatchArgv implements ports.Batcher: the patterns as one alternation of
// non-capturing groups, and the union of the file filters when every
// binding has some (one without filters runs every file).
func (Driver) BatchArgv(command []string, sels []ports.Selector) ([]string, bool) {
	var pats, groups, files []string
	allFiltered := true
	for _, s := range sels {
		if len(s.Terms) == 0 {
			return nil, false
		}
		if !slices.Contains(pats, s.Terms[0]) {
			pats = append(pats, s.Terms[0])
			groups = append(groups, "(?:"+s.Terms[0]+")")
		}
		if len(s.Terms) == 1 {
			allFiltered = false
		}
		for _, f := range s.Terms[1:] {
			if !slices.Contains(files, f) {
				files = append(files, f)
			}
		}
	}
	union := strings.Join(groups, "|")
	if back, ok := alternatives(union); !ok || !slices.Equal(back, pats) {
		return nil, false
	}
	if !allFiltered {
		files = nil
	}
	return slices.Concat(command, files, []string{"--testNamePattern=" + union}), len(pats) > 0
}

// Matches implements ports.Batcher: the pattern selects the test when the
// reporter, evaluating it with JavaScript's RegExp against the name vitest
// matches (describe titles and title joined by spaces), said so
// (TestCase.Selectors); a file filter, when there are any, is a substring
// of the test's file, as vitest filters files. A test the reporter did not
// evaluate is selected by nothing, which fails closed.
func (Driver) Matches(sel ports.Selector, tc ports.TestCase) bool {
	if len(sel.Terms) == 0 || !slices.Contains(tc.Selectors, sel.Terms[0]) {
		return false
	}
	if len(tc.Path) < 2 {
		return false
	}
	file := tc.Path[0]
	if len(sel.Terms) == 1 {
		return true
	}
	for _, f := range sel.Terms[1:] {
		if strings.Contains(file, strings.TrimPrefix(f, "./")) {
			return true
		}
	}
	return false
}
