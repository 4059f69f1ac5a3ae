package pytest

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/espectacular/ah/drivers/graphscript"
	"github.com/espectacular/ah/ports"
)

var _ ports.Grapher = Driver{}

// GraphTimeout bounds the graph's interpreter run.
const GraphTimeout = 2 * time.Minute

// graphScript walks each binding's test files and their imports with
// Python's ast, in the project's interpreter (issue 35).
//
//go:embed graph.py
var graphScript string

// ConfigFiles change what every pytest run does: base names, anywhere.
var ConfigFiles = []string{
	"pytest.ini", ".pytest.ini", "pyproject.toml", "setup.cfg", "tox.ini", "setup.py",
	"requirements*.txt", "requirements*.in", "constraints*.txt", "Pipfile", "Pipfile.lock", "poetry.lock",
	"uv.lock", "pdm.lock", "sitecustomize.py", "usercustomize.py", "*.pth", ".python-version",
}

// shebangScript runs the interpreter of a pytest script (its `#!` line)
// on the graph script: $1 is the script word, $2 the graph script, $3 its
// input. A `pytest` script's interpreter is the project's Python.
const shebangScript = `p=$(command -v "$1") || { echo "pytest script $1 not found" >&2; exit 127; }
IFS= read -r line < "$p" || exit 126
case $line in '#!'*) ;; *) echo "$p has no #! line" >&2; exit 126 ;; esac
i=${line#??}
exec $i -c "$2" "$3"`

// Graph implements ports.Grapher (issue 35): graph.py, run once per
// distinct interpreter with the interpreter the binding's command runs
// pytest with (`python3 -m pytest`: python3; a `pytest` script: its `#!`
// interpreter), finds the files each binding's pytest run collects
// (explicit paths, testpaths, python_files, conftest.py files) and walks
// their imports with Python's own ast, resolving them as the import system
// would over every directory that can be on sys.path. Each Python file is
// a node; a module imported but missing (deleted) is one too, named by the
// files it would be. A binding whose closure holds an import the script
// cannot follow uses every node. A failure is no graph.
func (Driver) Graph(ctx context.Context, proc ports.Process, dir string, argvs [][]string) (ports.Graph, error) {
	type group struct {
		interp  []string
		members []int
	}
	var groups []*group
	args := make([][]string, len(argvs))
	for i, a := range argvs {
		interp, rest, err := interpreterOf(a)
		if err != nil {
			return ports.Graph{}, err
		}
		args[i] = rest
		at := slices.IndexFunc(groups, func(g *group) bool { return slices.Equal(g.interp, interp) })
		if at < 0 {
			groups = append(groups, &group{interp: interp})
			at = len(groups) - 1
		}
		groups[at].members = append(groups[at].members, i)
	}
	g := ports.Graph{Unit: "module", Uses: make([][]int, len(argvs)), Global: slices.Clone(ConfigFiles)}
	index := map[string]int{}
	var everything []int
	for _, gr := range groups {
		input := make([][]string, len(gr.members))
		for k, i := range gr.members {
			input[k] = args[i]
		}
		out, err := runGraph(ctx, proc, dir, gr.interp, input)
		if err != nil {
			return ports.Graph{}, err
		}
		for k, i := range gr.members {
			b := out.Bindings[k]
			if b.All != "" {
				everything = append(everything, i)
			}
			g.Uses[i] = []int{}
			for _, n := range b.Uses {
				if n < 0 || n >= len(out.Nodes) {
					return ports.Graph{}, fmt.Errorf("the pytest import graph names node %d of %d", n, len(out.Nodes))
				}
				g.Uses[i] = append(g.Uses[i], nodeIndex(&g, index, out.Nodes[n]))
			}
		}
	}
	for _, i := range everything {
		graphscript.UseAll(&g, i)
	}
	for i := range g.Uses {
		slices.Sort(g.Uses[i])
		g.Uses[i] = slices.Compact(g.Uses[i])
	}
	return g, nil
}

// interpreterOf splits a pytest argv into the command that runs the
// project's interpreter (to which `-c script input` is added) and
// pytest's own arguments.
func interpreterOf(words []string) ([]string, []string, error) {
	at := pytestEnd(words)
	if at < 0 {
		return nil, nil, fmt.Errorf("%q does not run pytest", strings.Join(words, " "))
	}
	rest := slices.Clone(words[at:])
	if at >= 2 && words[at-2] == "-m" {
		if at == 2 {
			return nil, nil, fmt.Errorf("%q names no interpreter", strings.Join(words, " "))
		}
		return slices.Clone(words[:at-2]), rest, nil
	}
	return slices.Concat(words[:at-1], []string{"/bin/sh", "-c", shebangScript, "ah-pytest-graph", words[at-1]}), rest, nil
}

// graphNode is a node as graph.py prints it: its name and files.
type graphNode struct {
	Name  string
	Files []string
}

func (n *graphNode) UnmarshalJSON(b []byte) error {
	var pair []json.RawMessage
	if err := json.Unmarshal(b, &pair); err != nil {
		return err
	}
	if len(pair) != 2 {
		return fmt.Errorf("a node is [name, files], not %s", b)
	}
	if err := json.Unmarshal(pair[0], &n.Name); err != nil {
		return err
	}
	return json.Unmarshal(pair[1], &n.Files)
}

// graphOutput is graph.py's line.
type graphOutput struct {
	Root     string      `json:"root"`
	Nodes    []graphNode `json:"nodes"`
	Bindings []struct {
		Uses []int `json:"uses"`
		// All says why the binding depends on every file; empty when it
		// does not.
		All string `json:"all"`
	} `json:"bindings"`
}

// Covers implements graphscript.Output.
func (o *graphOutput) Covers() int { return len(o.Bindings) }

// script is graph.py's run and its line.
var script = graphscript.Script{Name: "the pytest import graph", Prefix: "ah-pytest-graph ", Timeout: GraphTimeout, Says: lastLine}

func runGraph(ctx context.Context, proc ports.Process, dir string, interp []string, input [][]string) (graphOutput, error) {
	list, _ := json.Marshal(input)
	cmd := slices.Concat(interp, []string{"-c", graphScript, string(list)})
	if slices.Contains(interp, shebangScript) {
		cmd = slices.Concat(interp, []string{graphScript, string(list)})
	}
	var o graphOutput
	if err := script.Run(ctx, proc, ports.Command{Argv: cmd, Dir: dir, Env: []string{"PYTHONDONTWRITEBYTECODE=1"}}, interp[0], len(input), &o); err != nil {
		return graphOutput{}, err
	}
	if !sameDir(dir, o.Root) {
		return graphOutput{}, fmt.Errorf("%s ran in %s, not %s", script.Name, o.Root, dir)
	}
	return o, nil
}

// nodeIndex adds n to g once, keyed by its files.
func nodeIndex(g *ports.Graph, index map[string]int, n graphNode) int {
	key := strings.Join(n.Files, "\x00")
	at, ok := index[key]
	if !ok {
		at = len(g.Nodes)
		index[key] = at
		g.Nodes = append(g.Nodes, ports.GraphNode{Name: n.Name, Files: slices.Clone(n.Files)})
	}
	return at
}

// sameDir reports whether the interpreter's working directory root is
// dir, symbolic links resolved (Python reports the real path).
func sameDir(dir, root string) bool {
	if filepath.Clean(dir) == filepath.Clean(root) {
		return true
	}
	d, err1 := filepath.EvalSymlinks(dir)
	r, err2 := filepath.EvalSymlinks(root)
	return err1 == nil && err2 == nil && d == r
}

// lastLine is the last line of the interpreter's stderr: a traceback's
// error, or the script's own message.
func lastLine(b []byte) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if last := strings.TrimSpace(lines[len(lines)-1]); last != "" {
		return last
	}
	return "no message"
}
