package pytest_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/drivers/pytest"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

// graphLine is graph.py's output in /repo: test_a imports pkg.core, which
// imports pkg.util, and a deleted pkg.gone; test_c imports a module by a
// computed name.
const graphLine = `noise a sitecustomize may print
ah-pytest-graph {"root":"/repo","nodes":[["src/pkg/__init__.py",["src/pkg/__init__.py"]],["src/pkg/core.py",["src/pkg/core.py"]],["src/pkg/util.py",["src/pkg/util.py"]],["tests/test_a.py",["tests/test_a.py"]],["src/pkg/gone.py",["src/pkg/gone.py","src/pkg/gone/__init__.py"]],["tests/test_c.py",["tests/test_c.py"]]],"bindings":[{"uses":[0,1,2,3,4],"all":""},{"uses":[5],"all":"tests/test_c.py:3: import_module() of a name computed at run time"}]}
`

type call struct{ argv []string }

func fakePython(outputs map[string]string, exit int, stderr string) (*portstest.Process, *[]call) {
	var calls []call
	return &portstest.Process{Func: func(_ context.Context, cmd ports.Command) (ports.Result, error) {
		calls = append(calls, call{argv: cmd.Argv})
		_, _ = cmd.Stdout.Write([]byte(outputs[cmd.Argv[0]]))
		return ports.Result{ExitCode: exit, Stderr: []byte(stderr)}, nil
	}}, &calls
}

func names(g ports.Graph, i int) []string {
	var out []string
	for _, n := range g.Uses[i] {
		out = append(out, g.Nodes[n].Name)
	}
	return out
}

func TestGraph(t *testing.T) {
	proc, calls := fakePython(map[string]string{"python3": graphLine}, 0, "")
	g, err := pytest.New().Graph(t.Context(), proc, "/repo", [][]string{
		{"python3", "-m", "pytest", "tests/test_a.py::test_a", "-k", "x"},
		{"python3", "-m", "pytest", "tests/test_c.py"},
	})
	require.NoError(t, err)
	require.Len(t, *calls, 1, "one interpreter run for the bindings sharing it")
	argv := (*calls)[0].argv
	assert.Equal(t, []string{"python3", "-c"}, argv[:2])
	assert.Equal(t, `[["tests/test_a.py::test_a","-k","x"],["tests/test_c.py"]]`, argv[len(argv)-1], "pytest's own arguments of each binding")
	assert.Equal(t, []string{"src/pkg/__init__.py", "src/pkg/core.py", "src/pkg/util.py", "tests/test_a.py", "src/pkg/gone.py"}, names(g, 0))
	assert.Equal(t, []string{"src/pkg/gone.py", "src/pkg/gone/__init__.py"}, g.Nodes[4].Files, "a deleted module is the files it would be")
	assert.Len(t, g.Uses[1], len(g.Nodes), "an import the graph cannot follow: every node")
	assert.Equal(t, "module", g.Unit)
	assert.Contains(t, g.Global, "pyproject.toml")
	assert.Contains(t, g.Global, "requirements*.txt")
}

func TestGraphInterpreters(t *testing.T) {
	line := `ah-pytest-graph {"root":"/repo","nodes":[["tests/test_a.py",["tests/test_a.py"]]],"bindings":[{"uses":[0],"all":""}]}`
	proc, calls := fakePython(map[string]string{".venv/bin/python": line, "uv": line}, 0, "")
	g, err := pytest.New().Graph(t.Context(), proc, "/repo", [][]string{
		{".venv/bin/python", "-m", "pytest", "tests/test_a.py"},
		{"uv", "run", "pytest", "tests/test_a.py"},
	})
	require.NoError(t, err)
	require.Len(t, *calls, 2, "one run per interpreter")
	assert.Equal(t, []string{".venv/bin/python", "-c"}, (*calls)[0].argv[:2])
	script := (*calls)[1].argv
	assert.Equal(t, []string{"uv", "run", "/bin/sh", "-c"}, script[:4], "a pytest script runs its #! interpreter, inside the same wrapper")
	assert.Equal(t, "pytest", script[6])
	assert.Len(t, g.Nodes, 1, "the same file from two runs is one node")
	assert.Equal(t, [][]int{{0}, {0}}, g.Uses)
}

func TestGraphFails(t *testing.T) {
	for name, tc := range map[string]struct {
		argv           []string
		stdout, stderr string
		exit           int
		want           string
	}{
		"not pytest": {argv: []string{"tox", "-e", "py"}, want: "does not run pytest"},
		"exit":       {argv: []string{"python3", "-m", "pytest"}, exit: 1, stderr: "Traceback (most recent call last):\n  File x\nSystemExit: no TOML reader (tomllib, tomli) to read /repo/pyproject.toml\n", want: "exited 1: SystemExit: no TOML reader"},
		"silent":     {argv: []string{"python3", "-m", "pytest"}, stdout: "nothing\n", want: "printed nothing"},
		"short":      {argv: []string{"python3", "-m", "pytest"}, stdout: `ah-pytest-graph {"root":"/repo","nodes":[],"bindings":[]}`, want: "covers 0 of 1 bindings"},
		"root":       {argv: []string{"python3", "-m", "pytest"}, stdout: `ah-pytest-graph {"root":"/other","nodes":[],"bindings":[{"uses":[]}]}`, want: "ran in /other"},
		"node":       {argv: []string{"python3", "-m", "pytest"}, stdout: `ah-pytest-graph {"root":"/repo","nodes":[],"bindings":[{"uses":[3]}]}`, want: "names node 3 of 0"},
		"json":       {argv: []string{"python3", "-m", "pytest"}, stdout: `ah-pytest-graph {"root":`, want: "not JSON"},
	} {
		t.Run(name, func(t *testing.T) {
			proc, _ := fakePython(map[string]string{"python3": tc.stdout}, tc.exit, tc.stderr)
			_, err := pytest.New().Graph(t.Context(), proc, "/repo", [][]string{tc.argv})
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}
