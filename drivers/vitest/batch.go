package vitest

import (
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/espectacular/ah/ports"
)

var _ ports.Batcher = Driver{}

// Select implements ports.Batcher: one name pattern (`-t <p>`,
// `--testNamePattern <p>` or their `=` forms) plus optional file filters,
// nothing else. The pattern must mean the same to JavaScript's RegExp and
// to Go's regexp (JSOnly), or the attribution could not evaluate it
// exactly. The terms are the pattern, then the file filters.
func (Driver) Select(flags []string) (ports.Selection, bool) {
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
					return ports.Selection{}, false
				}
				value, i = flags[i+1], i+1
			}
			pattern, seen = value, true
		case f != "" && !strings.HasPrefix(f, "-"):
			files = append(files, f)
		default:
			return ports.Selection{}, false
		}
	}
	if pattern == "" || JSOnly(pattern) || compile(pattern) == nil {
		return ports.Selection{}, false
	}
	return ports.Selection{Terms: append([]string{pattern}, files...)}, true
}

// BatchArgv implements ports.Batcher: the patterns as one alternation of
// non-capturing groups, and the union of the file filters when every
// binding has some (one without filters runs every file).
func (Driver) BatchArgv(command []string, sels []ports.Selection) ([]string, bool) {
	var pats, files []string
	allFiltered := true
	for _, s := range sels {
		if len(s.Terms) == 0 {
			return nil, false
		}
		if p := "(?:" + s.Terms[0] + ")"; !slices.Contains(pats, p) {
			pats = append(pats, p)
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
	if !allFiltered {
		files = nil
	}
	return slices.Concat(command, files, []string{"--testNamePattern=" + strings.Join(pats, "|")}), len(pats) > 0
}

// Matches implements ports.Batcher: the pattern, unanchored as vitest
// uses it, against the test's full name (describe titles and title joined
// by spaces), and a file filter, when there are any, as a substring of the
// test's file.
func (Driver) Matches(sel ports.Selection, tc ports.TestCase) bool {
	if len(sel.Terms) == 0 {
		return false
	}
	file, full, ok := strings.Cut(tc.ID, " > ")
	re := compile(sel.Terms[0])
	if !ok || re == nil || !re.MatchString(full) {
		return false
	}
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

var compiled sync.Map // pattern -> *regexp.Regexp (nil: not compilable)

func compile(pattern string) *regexp.Regexp {
	if v, ok := compiled.Load(pattern); ok {
		return v.(*regexp.Regexp)
	}
	re, err := regexp.Compile(pattern)
	if err != nil {
		re = nil
	}
	compiled.Store(pattern, re)
	return re
}

// JSOnly reports whether a pattern uses a construct that JavaScript's
// RegExp and Go's regexp read differently or only one of them has:
// lookaround, back-references (`\1`..`\9`, `\k<name>`), Unicode property
// escapes (`\p`, which JavaScript without the u flag reads as a plain p),
// and inline flag groups. The scan is escape-aware: `\(?=` is literal.
func JSOnly(p string) bool {
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '\\':
			if i+1 < len(p) && strings.IndexByte("123456789kpP", p[i+1]) >= 0 {
				return true
			}
			i++
		case '[':
			// Inside a class, ( and ? are literal; skip to its end.
			for i++; i < len(p) && p[i] != ']'; i++ {
				if p[i] == '\\' {
					i++
				}
			}
		case '(':
			if i+1 < len(p) && p[i+1] == '?' && !strings.HasPrefix(p[i:], "(?:") && !namedGroup(p[i:]) {
				return true
			}
		}
	}
	return false
}

// namedGroup reports whether s starts a named capture group `(?<name>`,
// which both engines read alike (and not a lookbehind `(?<=`, `(?<!`).
func namedGroup(s string) bool {
	return strings.HasPrefix(s, "(?<") && len(s) > 3 && s[3] != '=' && s[3] != '!'
}
