package vitest

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/espectacular/ah/drivers/argv"
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

// graphPrefix starts the script's one line of output.
const graphPrefix = "ah-vitest-graph "

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

// Graph implements ports.Grapher (issue 25): one `node` run of graph.mjs
// with vitest's Node API from dir, which globs each binding's test files
// with its file filters, as `vitest run` would, and walks their imports
// as vitest's related-files resolution does. Each module is a node. A
// flag other than `run`, file filters and -t, or any failure, is no graph.
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
	var out bytes.Buffer
	res, err := proc.Run(ctx, ports.Command{Argv: cmd, Dir: dir, Timeout: GraphTimeout, Stdout: &out, Env: []string{"NO_COLOR=1"}})
	switch {
	case err != nil:
		return ports.Graph{}, fmt.Errorf("`node` could not start (%v)", err)
	case res.TimedOut:
		return ports.Graph{}, fmt.Errorf("vitest's module graph took longer than %s", GraphTimeout)
	case res.Canceled:
		return ports.Graph{}, ctx.Err()
	case res.ExitCode != 0:
		return ports.Graph{}, fmt.Errorf("vitest's module graph (node) exited %d: %s", res.ExitCode, errorLine(res.Stderr))
	}
	return readGraph(out.Bytes(), dir, filters)
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
	Root     string     `json:"root"`
	Config   string     `json:"config"`
	Triggers []string   `json:"triggers"`
	Bindings [][]string `json:"bindings"`
}

func readGraph(stdout []byte, dir string, filters [][]string) (ports.Graph, error) {
	n := len(filters)
	var o graphOutput
	found := false
	for line := range strings.SplitSeq(string(stdout), "\n") {
		if rest, ok := strings.CutPrefix(line, graphPrefix); ok {
			if err := json.Unmarshal([]byte(rest), &o); err != nil {
				return ports.Graph{}, fmt.Errorf("vitest's module graph is not JSON (%v)", err)
			}
			found = true
		}
	}
	switch {
	case !found:
		return ports.Graph{}, fmt.Errorf("vitest's module graph printed nothing")
	case len(o.Bindings) != n:
		return ports.Graph{}, fmt.Errorf("vitest's module graph covers %d of %d bindings", len(o.Bindings), n)
	case !slices.Equal(o.Triggers, defaultTriggers):
		return ports.Graph{}, fmt.Errorf("forceRerunTriggers %v are not vitest's defaults", o.Triggers)
	}
	root, ok := within(dir, o.Root)
	if !ok {
		return ports.Graph{}, fmt.Errorf("vitest's root %s is outside %s", o.Root, dir)
	}
	g := ports.Graph{Unit: "module", Uses: make([][]int, n), Global: slices.Clone(ConfigFiles)}
	if o.Config != "" {
		g.Global = append(g.Global, filepath.Base(o.Config))
	}
	index := map[string]int{}
	for i, files := range o.Bindings {
		g.Uses[i] = []int{}
		// A filter naming a file is part of the binding even when the file
		// is gone (deleted in the change): the run then finds no tests.
		for _, f := range filters[i] {
			if strings.ContainsAny(f, "/.") {
				files = append(files, filepath.Join(o.Root, filepath.FromSlash(f)))
			}
		}
		for _, f := range files {
			rel, ok := relTo(root, o.Root, f)
			if !ok {
				continue // outside the repository: no changed file is there
			}
			if slices.ContainsFunc(g.Uses[i], func(n int) bool { return g.Nodes[n].Name == rel }) {
				continue
			}
			at, seen := index[rel]
			if !seen {
				at = len(g.Nodes)
				index[rel] = at
				g.Nodes = append(g.Nodes, ports.GraphNode{Name: rel, Files: []string{rel}})
			}
			g.Uses[i] = append(g.Uses[i], at)
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
