package gotest

import (
	"bytes"
	"encoding/json"
	"errors"
	"go/ast"
	"go/doc"
	goparser "go/parser"
	"go/token"
	"io"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/espectacular/ah/ports"
)

var _ ports.SourceLister = Driver{}

// sourceFields are the go list fields SourceListing reads.
const sourceFields = "-json=ImportPath,Dir,TestGoFiles,XTestGoFiles"

// sourceKept are the runner's flags that choose which files build, passed
// on to go list; sourceDropped only change how tests run. Any other flag
// declines the source listing (a value in a separate word, -overlay,
// -toolexec...), so go test -list decides.
var (
	sourceKept    = []string{"-race", "-msan", "-asan", "-trimpath", "-tags=", "-mod=", "-modfile="}
	sourceDropped = []string{JSONFlag, "-v", "-short", "-failfast", "-fullpath", "-count=", "-timeout=", "-cpu=", "-parallel=", "-p=", "-shuffle=", "-vet="}
)

// SourceArgv implements ports.SourceLister: `go list` of the batch's
// packages, naming each one's test files after its build constraints,
// with the runner's file-choosing flags. It builds nothing.
func (Driver) SourceArgv(command []string, sels []ports.Selector) ([]string, bool) {
	at := testAt(command)
	if at < 0 {
		return nil, false
	}
	var build []string
	for _, w := range command[at+1:] {
		switch {
		case flagIn(w, sourceDropped):
		case flagIn(w, sourceKept):
			build = append(build, w)
		default:
			return nil, false
		}
	}
	_, pkgs := union(sels)
	return slices.Concat(command[:at], []string{"list", sourceFields}, build, pkgs), true
}

// flagIn reports whether w is one of flags: an exact word, or a prefix
// ending in "=".
func flagIn(w string, flags []string) bool {
	return slices.ContainsFunc(flags, func(f string) bool {
		return w == f || strings.HasSuffix(f, "=") && strings.HasPrefix(w, f)
	})
}

// listedPackage is one package of go list's output.
type listedPackage struct {
	ImportPath, Dir           string
	TestGoFiles, XTestGoFiles []string
}

// SourceListing implements ports.SourceLister: for each package go list
// named, the functions go test's generated main runs, read from its test
// files under root, written as the events `go test -json -list .` prints
// so Audit reads both alike. Nothing of the listing comes from running
// the repository's code, so package init and TestMain cannot print into
// it.
func (Driver) SourceListing(stdout []byte, root string, repo fs.FS) ([]byte, bool) {
	dec := json.NewDecoder(bytes.NewReader(stdout))
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	n := 0
	for {
		var p listedPackage
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil || p.ImportPath == "" {
			return nil, false
		}
		rel, err := filepath.Rel(root, p.Dir)
		if err != nil || !filepath.IsAbs(p.Dir) || !fs.ValidPath(filepath.ToSlash(rel)) {
			return nil, false
		}
		for _, f := range slices.Concat(p.TestGoFiles, p.XTestGoFiles) {
			if strings.ContainsAny(f, `/\`) {
				return nil, false
			}
			names, ok := testFuncs(repo, path.Join(filepath.ToSlash(rel), f))
			if !ok {
				return nil, false
			}
			for _, name := range names {
				_ = enc.Encode(event{Action: "output", Package: p.ImportPath, Output: name + "\n"})
			}
		}
		// Registers the package even when it defines no test.
		_ = enc.Encode(event{Action: "pass", Package: p.ImportPath})
		n++
	}
	return out.Bytes(), n > 0
}

// testFuncs are the tests, benchmarks, fuzz tests and examples with an
// output comment of one test file, by the rules of go's testmain
// generator (cmd/go/internal/load: isTest, isTestFunc, doc.Examples).
func testFuncs(repo fs.FS, name string) ([]string, bool) {
	src, err := fs.ReadFile(repo, name)
	if err != nil {
		return nil, false
	}
	f, err := goparser.ParseFile(token.NewFileSet(), name, src, goparser.ParseComments|goparser.SkipObjectResolution)
	if err != nil {
		return nil, false
	}
	var names []string
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Recv != nil {
			continue
		}
		n := fn.Name.Name
		switch {
		case n == "TestMain":
			// TestMain(m *testing.M) runs the tests; one taking a *T is one.
			if takes(fn, "T") {
				names = append(names, n)
			}
		case isTest(n, "Test"), isTest(n, "Benchmark"), isTest(n, "Fuzz"):
			names = append(names, n)
		}
	}
	for _, e := range doc.Examples(f) {
		if e.Output != "" || e.EmptyOutput {
			names = append(names, "Example"+e.Name)
		}
	}
	return names, true
}

// isTest is go's rule: name is prefix, or prefix followed by anything but
// a lowercase letter (Testify is no test).
func isTest(name, prefix string) bool {
	if !strings.HasPrefix(name, prefix) {
		return false
	}
	if len(name) == len(prefix) {
		return true
	}
	r, _ := utf8.DecodeRuneInString(name[len(prefix):])
	return !unicode.IsLower(r)
}

// takes reports whether fn's one parameter is a *<pkg>.<arg> (or *<arg>
// through a dot import), as go's isTestFunc checks.
func takes(fn *ast.FuncDecl, arg string) bool {
	ps := fn.Type.Params.List
	if len(ps) != 1 || len(ps[0].Names) > 1 {
		return false
	}
	star, ok := ps[0].Type.(*ast.StarExpr)
	if !ok {
		return false
	}
	switch x := star.X.(type) {
	case *ast.SelectorExpr:
		return x.Sel.Name == arg
	case *ast.Ident:
		return x.Name == arg
	}
	return false
}
