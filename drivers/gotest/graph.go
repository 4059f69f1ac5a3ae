package gotest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/espectacular/ah/ports"
)

var _ ports.Grapher = Driver{}

// GraphTimeout bounds one `go list`; a cold build cache makes it slow, a
// hung toolchain must not hang the check.
const GraphTimeout = 5 * time.Minute

// ModuleFiles change what every package builds with.
var ModuleFiles = []string{"go.mod", "go.sum", "go.work", "go.work.sum"}

// Graph implements ports.Grapher with `go list -deps -test -json` over the
// package patterns of argvs, once per distinct set of graph-affecting
// build flags (-tags, -mod, ...). A test binary of package P depends on P,
// its dependencies and those of its tests; only packages inside dir are
// nodes, since no changed file lies outside it. A node holds the files go
// reads for the package (listed.files: sources, cgo and assembly, files a
// build constraint leaves out, embedded files in any directory below it)
// and claims its testdata directory, which its tests read at run time by
// Go's convention. Nothing else in its directory is the package's: a file
// beside a test that the test reads, a deleted source (go list no longer
// names it) or another framework's file in a package's directory is no
// node's, so it narrows nothing.
func (Driver) Graph(ctx context.Context, proc ports.Process, dir string, argvs [][]string) (ports.Graph, error) {
	g := ports.Graph{Uses: make([][]int, len(argvs)), Global: slices.Clone(ModuleFiles)}
	type group struct {
		prefix, build []string
		members       []int
	}
	var groups []*group
	parsed := make([]invocation, len(argvs))
	for i, a := range argvs {
		inv, err := parseInvocation(a)
		if err != nil {
			return ports.Graph{}, err
		}
		parsed[i] = inv
		at := slices.IndexFunc(groups, func(gr *group) bool {
			return slices.Equal(gr.prefix, inv.prefix) && slices.Equal(gr.build, inv.build)
		})
		if at < 0 {
			groups = append(groups, &group{prefix: inv.prefix, build: inv.build})
			at = len(groups) - 1
		}
		groups[at].members = append(groups[at].members, i)
	}
	index := map[string]int{}
	for _, gr := range groups {
		var patterns []string
		for _, i := range gr.members {
			patterns = append(patterns, parsed[i].patterns...)
		}
		slices.Sort(patterns)
		pkgs, err := goList(ctx, proc, dir, gr.prefix, gr.build, slices.Compact(patterns))
		if err != nil {
			return ports.Graph{}, err
		}
		listedHere := map[string]bool{}
		for _, i := range gr.members {
			uses, err := usesOf(pkgs, dir, parsed[i].patterns, &g, index, listedHere)
			if err != nil {
				return ports.Graph{}, err
			}
			g.Uses[i] = uses
		}
	}
	return g, nil
}

// listed is the part of `go list -json` the graph needs.
type listed struct {
	ImportPath, Dir, ForTest string
	DepOnly                  bool
	Deps                     []string
	// The files go builds the package and its tests from, relative to
	// Dir: Go and cgo sources, the other sources cgo and the assembler
	// compile, syso objects, the files a build constraint leaves out
	// (an edit to the constraint brings them in), and embedded files,
	// wherever below Dir they are.
	GoFiles, CgoFiles, CFiles, CXXFiles, MFiles, HFiles, FFiles, SFiles    []string
	SwigFiles, SwigCXXFiles, SysoFiles, IgnoredGoFiles, IgnoredOtherFiles  []string
	TestGoFiles, XTestGoFiles, EmbedFiles, TestEmbedFiles, XTestEmbedFiles []string
}

// listFields are the fields `go list -json=` prints.
const listFields = "ImportPath,Dir,ForTest,DepOnly,Deps," +
	"GoFiles,CgoFiles,CFiles,CXXFiles,MFiles,HFiles,FFiles,SFiles," +
	"SwigFiles,SwigCXXFiles,SysoFiles,IgnoredGoFiles,IgnoredOtherFiles," +
	"TestGoFiles,XTestGoFiles,EmbedFiles,TestEmbedFiles,XTestEmbedFiles"

// files are the package's files (see listed) relative to the repository
// root dir, sorted; a file outside it (a generated one in the build
// cache) is none of the repository's.
func (p listed) files(dir string) []string {
	var out []string
	for _, list := range [][]string{
		p.GoFiles, p.CgoFiles, p.CFiles, p.CXXFiles, p.MFiles, p.HFiles, p.FFiles, p.SFiles,
		p.SwigFiles, p.SwigCXXFiles, p.SysoFiles, p.IgnoredGoFiles, p.IgnoredOtherFiles,
		p.TestGoFiles, p.XTestGoFiles, p.EmbedFiles, p.TestEmbedFiles, p.XTestEmbedFiles,
	} {
		for _, f := range list {
			if !filepath.IsAbs(f) && !strings.HasPrefix(f, "/") {
				f = p.Dir + "/" + f
			}
			if rel, ok := relDir(dir, f); ok && rel != "." {
				out = append(out, rel)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func goList(ctx context.Context, proc ports.Process, dir string, prefix, build, patterns []string) ([]listed, error) {
	argv := slices.Concat(prefix, []string{"list", "-deps", "-test", "-json=" + listFields}, build, patterns)
	var out bytes.Buffer
	res, err := proc.Run(ctx, ports.Command{Argv: argv, Dir: dir, Timeout: GraphTimeout, Stdout: &out})
	switch {
	case err != nil:
		return nil, fmt.Errorf("`%s` could not start (%v)", strings.Join(argv[:len(prefix)+1], " "), err)
	case res.TimedOut:
		return nil, fmt.Errorf("`go list` took longer than %s", GraphTimeout)
	case res.Canceled:
		return nil, ctx.Err()
	case res.ExitCode != 0:
		return nil, fmt.Errorf("`go list` exited %d: %s", res.ExitCode, firstLine(res.Stderr))
	}
	var pkgs []listed
	dec := json.NewDecoder(&out)
	for {
		var p listed
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			return pkgs, nil
		} else if err != nil {
			return nil, fmt.Errorf("`go list` printed what is not JSON (%v)", err)
		}
		pkgs = append(pkgs, p)
	}
}

// usesOf is the nodes the packages a binding's patterns match depend on,
// adding local packages to g as nodes. A pattern matching no package
// means the flags were not understood: no graph.
//
// listedHere are the import paths whose files this group's go list has
// given their node already.
func usesOf(pkgs []listed, dir string, patterns []string, g *ports.Graph, index map[string]int, listedHere map[string]bool) ([]int, error) {
	byPath := map[string]listed{}
	for _, p := range pkgs {
		byPath[p.ImportPath] = p
	}
	var uses []int
	add := func(importPath string) {
		base, _, _ := strings.Cut(importPath, " ")
		p, ok := byPath[base]
		if !ok {
			return
		}
		rel, ok := relDir(dir, p.Dir)
		if !ok {
			return
		}
		n, ok := index[base]
		switch {
		case !ok:
			n = len(g.Nodes)
			index[base] = n
			g.Nodes = append(g.Nodes, ports.GraphNode{Name: base, Dir: path.Join(rel, "testdata"), Files: p.files(dir)})
		case !listedHere[base]:
			// Another group's build flags (-tags) may build and embed
			// other files: the node holds both.
			files := append(g.Nodes[n].Files, p.files(dir)...)
			slices.Sort(files)
			g.Nodes[n].Files = slices.Compact(files)
		}
		listedHere[base] = true
		uses = append(uses, n)
	}
	for _, pat := range patterns {
		re := patternRegexp(pat)
		matched := false
		for _, p := range pkgs {
			if p.DepOnly || p.ForTest != "" || strings.Contains(p.ImportPath, " ") {
				continue
			}
			if _, isRoot := byPath[strings.TrimSuffix(p.ImportPath, ".test")]; strings.HasSuffix(p.ImportPath, ".test") && isRoot {
				continue
			}
			if !matchPattern(re, pat, dir, p) {
				continue
			}
			matched = true
			add(p.ImportPath)
			deps := p.Deps
			if main, ok := byPath[p.ImportPath+".test"]; ok {
				deps = append(slices.Clone(deps), main.Deps...)
			}
			for _, d := range deps {
				add(d)
			}
		}
		if !matched {
			return nil, fmt.Errorf("the go package pattern %q matches no package `go list` printed", pat)
		}
	}
	slices.Sort(uses)
	return slices.Compact(uses), nil
}

// matchPattern is cmd/go's pattern rule: a relative pattern matches the
// package directory, any other the import path; `...` matches any string.
func matchPattern(re *regexp.Regexp, pat, dir string, p listed) bool {
	if isRelative(pat) {
		rel, ok := relDir(dir, p.Dir)
		return ok && re.MatchString(rel)
	}
	return re.MatchString(p.ImportPath)
}

func patternRegexp(pat string) *regexp.Regexp {
	if isRelative(pat) {
		pat = path.Clean(pat)
	}
	re := regexp.QuoteMeta(pat)
	re = strings.ReplaceAll(re, `\.\.\.`, `.*`)
	if s, ok := strings.CutSuffix(re, `/.*`); ok {
		re = s + `(/.*)?` // foo/... matches foo too
	}
	return regexp.MustCompile(`^` + re + `$`)
}

func isRelative(pat string) bool {
	return pat == "." || pat == ".." || strings.HasPrefix(pat, "./") || strings.HasPrefix(pat, "../")
}

// relDir is abs relative to the repository root, when inside it.
func relDir(root, abs string) (string, bool) {
	root, abs = strings.ReplaceAll(root, `\`, "/"), strings.ReplaceAll(abs, `\`, "/")
	if abs == root {
		return ".", true
	}
	rest, ok := strings.CutPrefix(abs, strings.TrimSuffix(root, "/")+"/")
	return rest, ok && rest != ""
}

func firstLine(b []byte) string {
	line, _, _ := strings.Cut(strings.TrimSpace(string(b)), "\n")
	if line == "" {
		return "no message"
	}
	return line
}

// invocation is what a `go test` argv says about the graph.
type invocation struct {
	// prefix runs go (["go"]); build are the flags that change which
	// files build; patterns the package patterns ("." when none).
	prefix, build, patterns []string
}

// buildFlags change which files and packages build, so go list needs them.
var buildFlags = map[string]bool{"-tags": true, "-mod": true, "-modfile": true, "-overlay": true}

// valueFlags are go test's and the build's flags that take a value.
var valueFlags = map[string]bool{
	"-p": true, "-covermode": true, "-coverpkg": true, "-asmflags": true, "-buildmode": true, "-compiler": true,
	"-gccgoflags": true, "-gcflags": true, "-installsuffix": true, "-ldflags": true, "-pgo": true, "-pkgdir": true,
	"-toolexec": true, "-exec": true, "-o": true, "-shuffle": true, "-skip": true, "-run": true, "-bench": true,
	"-benchtime": true, "-count": true, "-cpu": true, "-list": true, "-parallel": true, "-timeout": true,
	"-blockprofile": true, "-blockprofilerate": true, "-coverprofile": true, "-cpuprofile": true, "-memprofile": true,
	"-memprofilerate": true, "-mutexprofile": true, "-mutexprofilefraction": true, "-outputdir": true, "-trace": true,
	"-vet": true, "-fuzz": true, "-fuzztime": true, "-fuzzminimizetime": true,
}

// boolFlags take no value.
var boolFlags = map[string]bool{
	"-a": true, "-n": true, "-race": true, "-msan": true, "-asan": true, "-cover": true, "-v": true, "-work": true,
	"-x": true, "-linkshared": true, "-modcacherw": true, "-trimpath": true, "-buildvcs": true, "-c": true,
	"-json": true, "-failfast": true, "-fullpath": true, "-benchmem": true, "-short": true, "-i": true,
}

// parseInvocation reads a `go test` argv. A flag it does not know may
// take a value that looks like a package, so it gives no graph.
func parseInvocation(words []string) (invocation, error) {
	at := testAt(words)
	if at < 0 {
		return invocation{}, fmt.Errorf("%q does not run `go test`", strings.Join(words, " "))
	}
	inv := invocation{prefix: slices.Clone(words[:at])}
	rest := words[at+1:]
	for i := 0; i < len(rest); i++ {
		w := rest[i]
		if !strings.HasPrefix(w, "-") || w == "-" {
			if strings.HasSuffix(w, ".go") {
				return invocation{}, fmt.Errorf("go test of files (%s) has no package to graph", w)
			}
			inv.patterns = append(inv.patterns, w)
			continue
		}
		name, _, hasValue := strings.Cut(w, "=")
		name = "-" + strings.TrimLeft(name, "-")
		if t, ok := strings.CutPrefix(name, "-test."); ok {
			name = "-" + t
		}
		switch {
		case name == "-args":
			i = len(rest)
		case buildFlags[name]:
			inv.build = append(inv.build, w)
			if !hasValue && i+1 < len(rest) {
				inv.build = append(inv.build, rest[i+1])
				i++
			}
		case valueFlags[name]:
			if !hasValue {
				i++
			}
		case boolFlags[name]:
		default:
			return invocation{}, fmt.Errorf("go test flag %s is not one ah can graph", name)
		}
	}
	for _, p := range inv.patterns {
		if p == "all" || p == "std" || p == "cmd" || p == "tool" || p == "work" {
			return invocation{}, fmt.Errorf("go package pattern %q is not one ah can graph", p)
		}
	}
	if len(inv.patterns) == 0 {
		inv.patterns = []string{"."}
	}
	return inv, nil
}
