package gotest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/espectacular/ah/drivers/argv"
	"github.com/espectacular/ah/ports"
)

var _ ports.Auditor = Driver{}

// ListFlag makes the test binaries print the names of their top-level
// tests, examples, fuzz tests and benchmarks instead of running them.
const ListFlag = "-list"

// AuditArgv implements ports.Auditor: `go test -json -count=1 -list .`
// over the batch's packages, when SourceListing declines (source.go). It
// builds the same test binaries the batch runs: the build cache keeps the
// compiled packages, but each binary is linked again for the batch, which
// made a fresh gate cost about 1.7x one go test (issue 29). No test
// function runs while they list (only package init and TestMain do).
func (Driver) AuditArgv(command []string, sels []ports.Selector) []string {
	_, pkgs := union(sels)
	extra := argv.Without(command, []string{JSONFlag, NoCacheFlag})
	return slices.Concat(command, extra, []string{ListFlag, "."}, pkgs)
}

// listedName is a line -test.list prints: an exported Go identifier with
// one of the prefixes the testing package runs.
var listedName = regexp.MustCompile(`^(?:Test|Example|Fuzz|Benchmark)[\p{L}\p{N}_]*$`)

// listing reads `go test -json -list` output: each package's listed
// names, packages in the order they came. ok is false when a line is not
// an event or a package failed.
func listing(stdout []byte) (pkgs []string, names map[string]map[string]bool, ok bool) {
	names = map[string]map[string]bool{}
	for line := range bytes.Lines(stdout) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		var ev event
		if json.Unmarshal(line, &ev) != nil {
			return nil, nil, false
		}
		if ev.Package == "" || strings.HasPrefix(ev.Action, "build-") {
			continue
		}
		if ev.Action == "fail" {
			return nil, nil, false
		}
		if names[ev.Package] == nil {
			names[ev.Package] = map[string]bool{}
			pkgs = append(pkgs, ev.Package)
		}
		if n := strings.TrimSuffix(ev.Output, "\n"); ev.Action == "output" && listedName.MatchString(n) {
			names[ev.Package][n] = true
		}
	}
	return pkgs, names, len(pkgs) > 0
}

// Audit implements ports.Auditor. It resolves each binding's package to
// the import path the listing names, then holds the batch's report to the
// listing: every result is for a test its package defines (a top-level
// name the listing printed, or a subtest of one), and every listed test,
// example and fuzz test the union of -run patterns selects at the top
// level has a result (a stream that stops early, or is forged to look
// whole, lacks one). Benchmarks do not run under -run.
func (Driver) Audit(list []byte, sels []ports.Selector, rep ports.TestReport) ([]ports.Selector, []string, bool) {
	pkgs, names, ok := listing(list)
	if !ok {
		return nil, nil, false
	}
	resolved, problem := resolve(sels, pkgs)
	if problem != "" {
		return sels, []string{problem}, true
	}
	var anomalies []string
	reported := map[string]bool{}
	for _, tc := range rep.Tests {
		if len(tc.Path) != 2 || !slices.Contains(pkgs, tc.Path[0]) {
			anomalies = append(anomalies, fmt.Sprintf("a result for %s, in no package the batch ran", tc.ID))
			continue
		}
		pkg := tc.Path[0]
		top, _, _ := strings.Cut(tc.Path[1], "/")
		if !names[pkg][top] {
			anomalies = append(anomalies, fmt.Sprintf("a result for %s, which %s does not define (its test files and go test -list name no such test)", tc.ID, pkg))
		}
		// A subtest's result shows its parent ran: a parent that failed
		// only because of it is left out of the report (parse.go).
		reported[pkg+"."+top] = true
	}
	pats, _ := union(sels)
	alts := compileRun(strings.Join(pats, "|"))
	for _, pkg := range pkgs {
		for _, n := range sortedKeys(names[pkg]) {
			if strings.HasPrefix(n, "Benchmark") || !runs(alts, n, false) {
				continue
			}
			if id := pkg + "." + n; !reported[id] {
				anomalies = append(anomalies, fmt.Sprintf("no result for %s, which the batch runs", id))
			}
		}
	}
	return resolved, anomalies, true
}

// resolve gives each selection the import path of its package: an import
// path names itself; a relative pattern (`.`, `./x`) names the main
// module's path joined with it, and that module path is the one every
// relative pattern agrees on. Every listed package must be some binding's.
func resolve(sels []ports.Selector, pkgs []string) ([]ports.Selector, string) {
	var modules []string // candidate module paths, nil until a relative pattern narrows them
	narrowed := false
	for _, s := range sels {
		rel, ok := relative(s.Terms[termPackage])
		if !ok {
			continue
		}
		var cands []string
		for _, p := range pkgs {
			switch {
			case rel == ".":
				cands = append(cands, p)
			case strings.HasSuffix(p, "/"+rel):
				cands = append(cands, strings.TrimSuffix(p, "/"+rel))
			}
		}
		if narrowed {
			cands = slices.DeleteFunc(cands, func(c string) bool { return !slices.Contains(modules, c) })
		}
		modules, narrowed = cands, true
	}
	slices.Sort(modules)
	modules = slices.Compact(modules)
	if narrowed && len(modules) != 1 {
		return nil, "the packages it ran do not match the bindings' package patterns"
	}
	out := make([]ports.Selector, len(sels))
	used := map[string]bool{}
	for i, s := range sels {
		ip := s.Terms[termPackage]
		if rel, ok := relative(ip); ok {
			ip = modules[0]
			if rel != "." {
				ip += "/" + rel
			}
		}
		if !slices.Contains(pkgs, ip) {
			return nil, fmt.Sprintf("package %s of a binding is not one the batch ran", s.Terms[termPackage])
		}
		used[ip] = true
		out[i] = ports.Selector{Group: s.Group, Terms: []string{s.Terms[termRun], s.Terms[termPackage], ip}}
	}
	for _, p := range pkgs {
		if !used[p] {
			return nil, fmt.Sprintf("package %s ran, which no binding names", p)
		}
	}
	return out, ""
}

// relative is a relative package pattern, cleaned; ok false for an import
// path.
func relative(pkg string) (string, bool) {
	if pkg != "." && pkg != ".." && !strings.HasPrefix(pkg, "./") && !strings.HasPrefix(pkg, "../") {
		return "", false
	}
	return path.Clean(pkg), true
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
