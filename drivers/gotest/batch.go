package gotest

import (
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/espectacular/ah/ports"
)

var (
	_ ports.Batcher = Driver{}
	_ ports.Scoper  = Driver{}
)

// Within implements ports.Scoper: a go selection's tests are all in its
// package, once Audit resolved it to the import path go test reports; a
// selection whose -run pattern names exactly one test, each level
// `^literal$` (the contracts of a testscript suite:
// '^TestScript$/^dir$/^name$'), has all of its tests within that test,
// since go ends a test after its subtests and renames a repeated subtest
// name (x#01), so nothing else matches.
func (Driver) Within(sel ports.Selector, part string) bool {
	if len(sel.Terms) <= termImportPath {
		return false
	}
	pkg, name, isTest := strings.Cut(part, "\x00")
	if pkg != sel.Terms[termImportPath] {
		return false
	}
	if !isTest {
		return true
	}
	exact, ok := exactTest(sel.Terms[termRun])
	return ok && exact == name
}

// literals caches exactTest's answers.
var literals sync.Map // string -> string ("\x00": none)

// exactTest is the one test name a -run pattern selects when it has one
// alternative and every level is `^literal$`, the literal free of
// regexp metacharacters and spaces (which testing rewrites).
func exactTest(pattern string) (string, bool) {
	if v, ok := literals.Load(pattern); ok {
		return v.(string), v.(string) != "\x00"
	}
	name := "\x00"
	if alts := splitRun(pattern); len(alts) == 1 {
		var levels []string
		for _, lv := range alts[0] {
			lit, ok := strings.CutPrefix(lv, "^")
			if lit, ok = strings.CutSuffix(lit, "$"); !ok || lit == "" || strings.ContainsAny(lit, "\\.+*?()|[]{}^$ \t") {
				levels = nil
				break
			}
			levels = append(levels, lit)
		}
		if len(levels) > 0 {
			name = strings.Join(levels, "/")
		}
	}
	literals.Store(pattern, name)
	return name, name != "\x00"
}

// Select implements ports.Batcher: flags of exactly one package (no
// `...` pattern, so each binding names one test binary) and one `-run`
// pattern, nothing else. Bindings of every package share one group, so
// they batch across packages (issue 23); the terms are the pattern, which
// must compile level by level as `go test` splits it, and the package.
func (Driver) Select(flags []string) (ports.Selector, bool) {
	var pkg, run string
	for i := 0; i < len(flags); i++ {
		f := flags[i]
		switch {
		case f == "-run" && i+1 < len(flags) && run == "":
			run, i = flags[i+1], i+1
		case strings.HasPrefix(f, "-run=") && run == "":
			run = strings.TrimPrefix(f, "-run=")
		case f != "" && !strings.HasPrefix(f, "-") && pkg == "" && !strings.Contains(f, "..."):
			pkg = f
		default:
			return ports.Selector{}, false
		}
	}
	if pkg == "" || run == "" || compileRun(run) == nil {
		return ports.Selector{}, false
	}
	return ports.Selector{Terms: []string{run, pkg}}, true
}

// Terms of a go selection: the -run pattern, the package as the binding
// names it, and, once Audit resolved it, the package's import path.
const (
	termRun = iota
	termPackage
	termImportPath
)

// BatchArgv implements ports.Batcher: every package once, in binding
// order, and one -run pattern. `go test` splits -run at top-level `|` into
// alternatives, each split at top-level `/` into levels, so the patterns
// joined with `|` select exactly the union of the bindings' tests in every
// package, whatever their number of levels; Matches attributes by
// (package, test), so a test of package a that only b's pattern selects
// claims nothing.
func (Driver) BatchArgv(command []string, sels []ports.Selector) ([]string, bool) {
	if len(sels) == 0 {
		return nil, false
	}
	pats, pkgs := union(sels)
	if pats == nil {
		return nil, false
	}
	argv := slices.Concat(command, pkgs, []string{"-run", strings.Join(pats, "|")})
	// go test's default -timeout of 10 minutes is meant for one binding's
	// binary; a batch runs many, under ah's own bound (the largest
	// timeout_seconds of its entries). A -timeout the runner sets stays.
	if !slices.ContainsFunc(command, func(w string) bool { return w == "-timeout" || strings.HasPrefix(w, "-timeout=") }) {
		argv = append(argv, "-timeout=0")
	}
	return argv, true
}

// union is the distinct -run patterns and packages of sels, in order; nil
// when a selection is not a go one.
func union(sels []ports.Selector) (pats, pkgs []string) {
	for _, s := range sels {
		if len(s.Terms) < termImportPath {
			return nil, nil
		}
		if !slices.Contains(pats, s.Terms[termRun]) {
			pats = append(pats, s.Terms[termRun])
		}
		if !slices.Contains(pkgs, s.Terms[termPackage]) {
			pkgs = append(pkgs, s.Terms[termPackage])
		}
	}
	return pats, pkgs
}

// Matches implements ports.Batcher with the testing package's own rule:
// the test name split at `/` matches when some alternative's level
// patterns each match the name element at their level. A test with fewer
// elements than the alternative has levels only ran to reach its subtests
// (a partial match in testing's terms) and is not selected by it. A
// selection Audit resolved also needs the test's package to be exactly
// its own import path (never a prefix: a.old is not a); an unresolved one
// (a binding run alone, one package) takes any. Package and name come
// from the result's Path, never cut out of its display ID.
func (Driver) Matches(sel ports.Selector, tc ports.TestCase) bool {
	if len(sel.Terms) < termImportPath || len(tc.Path) != 2 {
		return false
	}
	if len(sel.Terms) > termImportPath && tc.Path[0] != sel.Terms[termImportPath] {
		return false
	}
	return runs(compileRun(sel.Terms[termRun]), tc.Path[1], true)
}

// runs reports whether a -run pattern's alternatives select name: fully
// (every level matched, the test's own result counts) or, with full false,
// at all (the first levels matched: testing runs the test, if only to
// reach its subtests).
func runs(alts [][]*regexp.Regexp, name string, full bool) bool {
	elems := strings.Split(name, "/")
	for _, levels := range alts {
		if full && len(elems) < len(levels) {
			continue
		}
		all := true
		for i, re := range levels {
			if i >= len(elems) {
				break
			}
			if !re.MatchString(elems[i]) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// compiled caches the compiled alternatives of each -run pattern: a
// batch matches every reported test against every binding's pattern.
var compiled sync.Map // string -> [][]*regexp.Regexp (nil: not compilable)

// compileRun splits a -run pattern as `go test` does (splitRun) and
// compiles each level; nil when a level does not compile or the pattern
// holds a character testing would rewrite in ways not mirrored here.
func compileRun(pattern string) [][]*regexp.Regexp {
	if v, ok := compiled.Load(pattern); ok {
		return v.([][]*regexp.Regexp)
	}
	var out [][]*regexp.Regexp
	for _, alt := range splitRun(pattern) {
		var levels []*regexp.Regexp
		for _, lv := range alt {
			re, err := regexp.Compile(rewrite(lv))
			if err != nil || strings.IndexFunc(lv, func(r rune) bool { return !unicode.IsPrint(r) && !unicode.IsSpace(r) }) >= 0 {
				compiled.Store(pattern, [][]*regexp.Regexp(nil))
				return nil
			}
			levels = append(levels, re)
		}
		out = append(out, levels)
	}
	compiled.Store(pattern, out)
	return out
}

// rewrite mirrors testing's rewrite of each level: spaces become
// underscores, as they do in test names.
func rewrite(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return '_'
		}
		return r
	}, s)
}

// splitRun is testing's splitRegexp: alternatives at top-level `|`, levels
// at top-level `/`, where top level means outside brackets and
// parentheses, and a backslash escapes the next byte.
func splitRun(s string) [][]string {
	var alts [][]string
	var levels []string
	cs, cp := 0, 0
	for i := 0; i < len(s); {
		switch s[i] {
		case '[':
			cs++
		case ']':
			if cs--; cs < 0 {
				cs = 0
			}
		case '(':
			if cs == 0 {
				cp++
			}
		case ')':
			if cs == 0 {
				cp--
			}
		case '\\':
			i++
		case '/', '|':
			if cs == 0 && cp == 0 {
				levels = append(levels, s[:i])
				if s[i] == '|' {
					alts, levels = append(alts, levels), nil
				}
				s, i = s[i+1:], 0
				continue
			}
		}
		i++
	}
	return append(alts, append(levels, s))
}
