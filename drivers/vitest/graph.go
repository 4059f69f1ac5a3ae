package vitest

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/espectacular/ah/drivers/argv"
	"github.com/espectacular/ah/drivers/graphscript"
	"github.com/espectacular/ah/ports"
)

var _ ports.Grapher = Driver{}

// GraphTimeout bounds the graph's one node process.
const GraphTimeout = 2 * time.Minute

// graphScript asks vitest's Node API for each binding's test files and
// the modules they import, as `vitest related` resolves them.
//
//go:embed graph.mjs
var graphScript string

// script is graph.mjs's run and its line.
var script = graphscript.Script{Name: "vitest's module graph", Prefix: "ah-vitest-graph ", Timeout: GraphTimeout, Says: errorLine}

// ConfigFiles change what every vitest run does: base names, anywhere.
var ConfigFiles = []string{
	"package.json", "package-lock.json", "npm-shrinkwrap.json", "pnpm-lock.yaml", "pnpm-workspace.yaml",
	"yarn.lock", "bun.lock", "bun.lockb", ".npmrc", "tsconfig*.json", "jsconfig*.json",
	"vitest.config.*", "vite.config.*", "vitest.workspace.*",
}

// defaultTriggers are vitest's default forceRerunTriggers, which
// ConfigFiles cover; a project that sets others has rules the graph does
// not know, so it gives none.
var defaultTriggers = []string{"**/package.json/**", "**/{vitest,vite}.config.*/**"}

// Graph implements ports.Grapher (issues 25, 35): one `node` run of
// graph.mjs with vitest's Node API from dir, which globs each binding's
// test files with its file filters, as `vitest run` would, and walks what
// they read through vitest: imports as vitest's related-files resolution
// does, mocks and __mocks__, vi.importActual and require targets,
// snapshots, import.meta.glob directories, .env files. Each file is a
// node, each claimed directory a node with a Dir; a binding whose tests
// may import any module (import(name)) uses every node. A flag other than
// `run`, file filters and -t, or any failure, is no graph.
func (Driver) Graph(ctx context.Context, proc ports.Process, dir string, argvs [][]string) (ports.Graph, error) {
	filters := make([][]string, len(argvs))
	for i, a := range argvs {
		f, err := fileFilters(a)
		if err != nil {
			return ports.Graph{}, err
		}
		filters[i] = f
	}
	list, _ := json.Marshal(filters)
	cmd := []string{"node", "--input-type=module", "-e", graphScript, string(list)}
	var o graphOutput
	if err := script.Run(ctx, proc, ports.Command{Argv: cmd, Dir: dir, Env: []string{"NO_COLOR=1"}}, "node", len(filters), &o); err != nil {
		return ports.Graph{}, err
	}
	return graphOf(o, dir)
}

// fileFilters are the file filters of a vitest argv: its words after the
// vitest program and an optional `run`, other than -t patterns.
func fileFilters(words []string) ([]string, error) {
	at := argv.Find(words, Name)
	if at < 0 {
		return nil, fmt.Errorf("%q does not run vitest", strings.Join(words, " "))
	}
	rest := words[at+1:]
	if len(rest) > 0 && rest[0] == "run" {
		rest = rest[1:]
	}
	filters := []string{}
	for i := 0; i < len(rest); i++ {
		w := rest[i]
		name, _, hasValue := strings.Cut(w, "=")
		switch {
		case name == "-t" || name == "--testNamePattern":
			if !hasValue {
				i++
			}
		case strings.HasPrefix(w, "-"):
			return nil, fmt.Errorf("vitest flag %s may change which files run, which the module graph does not follow", w)
		default:
			filters = append(filters, w)
		}
	}
	return filters, nil
}

// graphOutput is graph.mjs's line.
type graphOutput struct {
	Root     string         `json:"root"`
	Config   string         `json:"config"`
	Triggers []string       `json:"triggers"`
	Bindings []graphBinding `json:"bindings"`
}

// Covers implements graphscript.Output.
func (o *graphOutput) Covers() int { return len(o.Bindings) }

// graphBinding is what one binding's tests read through vitest: Files
// (modules, mocks, snapshots, .env files; some may not exist, as when a
// change deletes them), Dirs that claim every file below them (a glob's
// directory, a directory filter, the root __mocks__), and All when an
// import cannot be resolved statically, so the tests may read any module.
type graphBinding struct {
	Files []string `json:"files"`
	Dirs  []string `json:"dirs"`
	All   bool     `json:"all"`
}

// graphOf is the graph graph.mjs's line o describes, run in dir.
func graphOf(o graphOutput, dir string) (ports.Graph, error) {
	if !slices.Equal(o.Triggers, defaultTriggers) {
		return ports.Graph{}, fmt.Errorf("forceRerunTriggers %v are not vitest's defaults", o.Triggers)
	}
	n := len(o.Bindings)
	root, ok := within(dir, o.Root)
	if !ok {
		return ports.Graph{}, fmt.Errorf("vitest's root %s is outside %s", o.Root, dir)
	}
	g := ports.Graph{Unit: "module", Uses: make([][]int, n), Global: slices.Clone(ConfigFiles)}
	if o.Config != "" {
		g.Global = append(g.Global, filepath.Base(o.Config))
	}
	index := map[string]int{}
	node := func(rel string, isDir bool) int {
		key := rel
		if isDir {
			key += "/"
		}
		at, seen := index[key]
		if !seen {
			at = len(g.Nodes)
			index[key] = at
			n := ports.GraphNode{Name: key, Files: []string{rel}}
			if isDir {
				n = ports.GraphNode{Name: key, Dir: rel}
			}
			g.Nodes = append(g.Nodes, n)
		}
		return at
	}
	for i, b := range o.Bindings {
		g.Uses[i] = []int{}
		for _, group := range []struct {
			paths []string
			dir   bool
		}{{b.Files, false}, {b.Dirs, true}} {
			for _, f := range group.paths {
				rel, ok := relTo(root, o.Root, f)
				if !ok || (group.dir && (rel == "." || rel == root)) {
					// Outside the repository no changed file is there; a
					// claim of the whole root would claim what no test reads.
					continue
				}
				if at := node(rel, group.dir); !slices.Contains(g.Uses[i], at) {
					g.Uses[i] = append(g.Uses[i], at)
				}
			}
		}
	}
	// A deeper directory claims its files alone, so it carries the
	// bindings of every directory holding it.
	for i := range g.Uses {
		for _, at := range g.Uses[i] {
			d := g.Nodes[at].Dir
			for m, other := range g.Nodes {
				if d != "" && strings.HasPrefix(other.Dir, d+"/") && !slices.Contains(g.Uses[i], m) {
					g.Uses[i] = append(g.Uses[i], m)
				}
			}
		}
	}
	for i, b := range o.Bindings {
		if b.All {
			graphscript.UseAll(&g, i)
		}
	}
	return g, nil
}

// within is root's path relative to dir (or to dir with its symbolic
// links resolved, as node reports its working directory).
func within(dir, root string) (string, bool) {
	for _, d := range []string{dir, evalSymlinks(dir)} {
		if d == "" {
			continue
		}
		if rel, err := filepath.Rel(d, root); err == nil && rel != ".." && !strings.HasPrefix(rel, "../") {
			return filepath.ToSlash(rel), true
		}
	}
	return "", false
}

func evalSymlinks(dir string) string {
	d, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return ""
	}
	return d
}

// relTo is file (absolute, under vitest's root abs) relative to the
// repository, where root is abs relative to the repository.
func relTo(root, abs, file string) (string, bool) {
	rel, err := filepath.Rel(abs, file)
	if err != nil {
		return "", false
	}
	p := filepath.ToSlash(filepath.Join(filepath.FromSlash(root), rel))
	return p, p != ".." && !strings.HasPrefix(p, "../")
}

// errorLine is the line of node's stderr naming the error, else its first.
func errorLine(b []byte) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	for _, l := range lines {
		if strings.Contains(l, "Error") {
			return strings.TrimSpace(l)
		}
	}
	if lines[0] == "" {
		return "no message"
	}
	return lines[0]
}
