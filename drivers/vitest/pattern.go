package vitest

import "strings"

// alternatives splits a pattern that is an alternation of non-capturing
// groups, `(?:a)|(?:b)`, the form BatchArgv builds, into its groups'
// contents; ok is false when it is not one. The scan follows JavaScript's
// RegExp syntax (without the u flag, as vitest compiles -t): an escape
// takes the next character, and a class runs to the first unescaped `]`
// (`[]` is an empty class there), so parentheses inside either are
// literal.
func alternatives(p string) (parts []string, ok bool) {
	for len(p) > 0 {
		if !strings.HasPrefix(p, "(?:") {
			return nil, false
		}
		end := groupEnd(p)
		if end < 0 {
			return nil, false
		}
		parts = append(parts, p[3:end])
		p = p[end+1:]
		if p == "" {
			return parts, true
		}
		if p[0] != '|' {
			return nil, false
		}
		p = p[1:]
		if p == "" {
			return nil, false
		}
	}
	return nil, false
}

// groupEnd is the index of the `)` closing the group p starts with; -1
// when it is never closed.
func groupEnd(p string) int {
	depth := 0
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '\\':
			i++
		case '[':
			for i++; i < len(p) && p[i] != ']'; i++ {
				if p[i] == '\\' {
					i++
				}
			}
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// selfContained reports whether a pattern, wrapped in a group and joined
// with others, can be split back exactly: its escapes, classes and groups
// all close inside it.
func selfContained(p string) bool {
	parts, ok := alternatives("(?:" + p + ")")
	return ok && len(parts) == 1 && parts[0] == p
}
