package acceptance_test

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// DO NOT CHANGE THESE RULES TO FIX A BUILD: move the code instead. Each rule
// says why it exists.
const module = "github.com/espectacular/ah"

type rule struct {
	// from is a module-relative package path; a trailing "/" makes it a
	// prefix matching the package and everything below it.
	from string
	// forbidden lists import paths (exact, or prefix when ending in "/").
	forbidden []string
	// onlyStd, when set, restricts standard-library imports to this list.
	onlyStd []string
	why     string
}

var rules = []rule{
	{from: "core/", forbidden: []string{"os", "os/exec", "os/signal", "net", "net/", "syscall", module + "/infra/", module + "/drivers/", module + "/cmd/"},
		why: "the domain core is pure: it reaches files, processes, git and the clock only through ports, so it is testable with fakes and deterministic"},
	{from: "ports", forbidden: []string{module + "/core/", module + "/drivers/", module + "/infra/", module + "/cmd/"},
		onlyStd: []string{"context", "io", "io/fs", "time", "errors"},
		why:     "ports are the small outbound interfaces both sides depend on; importing either side would create a cycle of knowledge"},
	{from: "ports/portstest", forbidden: []string{module + "/core/", module + "/drivers/", module + "/infra/", module + "/cmd/"},
		why: "fakes stand in for ports and must not depend on what they replace"},
	{from: "drivers/", forbidden: []string{"os/exec", "net", "net/", module + "/infra/", module + "/cmd/"},
		why: "drivers are pure parsers and argv builders; processes run through the process port"},
	{from: "infra/", forbidden: []string{module + "/core/", module + "/drivers/", module + "/cmd/"},
		why: "infra implements ports for the OS and knows nothing of the domain"},
}

// clockCalls are the time functions that read the wall clock.
var clockCalls = map[string]bool{"Now": true, "Since": true, "Until": true, "Tick": true, "After": true, "NewTimer": true, "NewTicker": true, "AfterFunc": true}

type goPackage struct {
	ImportPath string
	Dir        string
	GoFiles    []string
	Imports    []string
	Standard   bool
}

func listPackages(t *testing.T) []goPackage {
	t.Helper()
	cmd := exec.Command("go", "list", "-json", module+"/...")
	cmd.Dir = ".."
	out, err := cmd.Output()
	require.NoError(t, err, "go list")
	var pkgs []goPackage
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p goPackage
		require.NoError(t, dec.Decode(&p))
		pkgs = append(pkgs, p)
	}
	return pkgs
}

func TestImportBoundaries(t *testing.T) {
	pkgs := listPackages(t)
	for _, r := range rules {
		matched := 0
		for _, p := range pkgs {
			rel := strings.TrimPrefix(strings.TrimPrefix(p.ImportPath, module), "/")
			if !matches(rel, r.from) {
				continue
			}
			matched++
			for _, imp := range p.Imports {
				for _, bad := range r.forbidden {
					if imp == bad || (strings.HasSuffix(bad, "/") && strings.HasPrefix(imp, bad)) {
						t.Errorf("%s imports %s: %s", p.ImportPath, imp, r.why)
					}
				}
				if r.onlyStd != nil && !strings.Contains(strings.SplitN(imp, "/", 2)[0], ".") && !contains(r.onlyStd, imp) {
					t.Errorf("%s imports %s (allowed standard packages: %v): %s", p.ImportPath, imp, r.onlyStd, r.why)
				}
			}
		}
		if matched == 0 {
			t.Errorf("rule for %q matches no package: update the rule after a rename instead of letting it rot", r.from)
		}
	}
}

// TestCoreReadsNoClock proves the core and drivers never read the wall clock:
// time enters only through ports.Clock, so output is deterministic.
func TestCoreReadsNoClock(t *testing.T) {
	for _, p := range listPackages(t) {
		rel := strings.TrimPrefix(p.ImportPath, module+"/")
		if !strings.HasPrefix(rel, "core/") && !strings.HasPrefix(rel, "drivers/") {
			continue
		}
		for _, f := range p.GoFiles {
			path := filepath.Join(p.Dir, f)
			file, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
			require.NoError(t, err)
			timeName := importName(file, "time")
			if timeName == "" {
				continue
			}
			ast.Inspect(file, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if id, ok := sel.X.(*ast.Ident); ok && id.Name == timeName && clockCalls[sel.Sel.Name] {
					t.Errorf("%s calls time.%s: the core reads time only through ports.Clock", path, sel.Sel.Name)
				}
				return true
			})
		}
	}
}

func importName(f *ast.File, path string) string {
	for _, imp := range f.Imports {
		if strings.Trim(imp.Path.Value, `"`) != path {
			continue
		}
		if imp.Name != nil {
			return imp.Name.Name
		}
		return filepath.Base(path)
	}
	return ""
}

func matches(rel, from string) bool {
	if prefix, ok := strings.CutSuffix(from, "/"); ok {
		return rel == prefix || strings.HasPrefix(rel, from)
	}
	return rel == from
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}
