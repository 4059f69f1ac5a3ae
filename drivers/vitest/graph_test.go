package vitest_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/drivers/vitest"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

// graphLine is graph.mjs's output in /repo, where one.test.js imports
// a.js, which imports base.js, and two.test.js imports base.js; a module
// outside the repository is left out.
const graphLine = `noise vitest may print
ah-vitest-graph {"root":"/repo","config":"/repo/config/custom.mjs","triggers":["**/package.json/**","**/{vitest,vite}.config.*/**"],"bindings":[{"files":["/repo/test/one.test.js","/repo/src/a.js","/repo/src/base.js"]},{"files":["/repo/test/two.test.js","/repo/src/base.js","/elsewhere/x.js"],"dirs":["/elsewhere"]}]}
`

func fakeNode(stdout string, exit int, stderr string) (*portstest.Process, *[]string) {
	var argv []string
	return &portstest.Process{Func: func(_ context.Context, cmd ports.Command) (ports.Result, error) {
		argv = cmd.Argv
		_, _ = cmd.Stdout.Write([]byte(stdout))
		return ports.Result{ExitCode: exit, Stderr: []byte(stderr)}, nil
	}}, &argv
}

func TestGraph(t *testing.T) {
	proc, argv := fakeNode(graphLine, 0, "")
	g, err := vitest.New().Graph(t.Context(), proc, "/repo", [][]string{
		{"node_modules/.bin/vitest", "run", "test/one.test.js", "-t", "^one$"},
		{"npx", "vitest", "run", "two", "--testNamePattern=x"},
	})
	require.NoError(t, err)
	assert.Equal(t, `[["test/one.test.js"],["two"]]`, (*argv)[len(*argv)-1], "each binding's file filters, -t left out")
	assert.Equal(t, "node", (*argv)[0])
	used := func(i int) []string {
		var out []string
		for _, n := range g.Uses[i] {
			out = append(out, g.Nodes[n].Name)
		}
		return out
	}
	assert.Equal(t, []string{"test/one.test.js", "src/a.js", "src/base.js"}, used(0))
	assert.Equal(t, []string{"test/two.test.js", "src/base.js"}, used(1), "a module outside the repository is no node")
	assert.Equal(t, "module", g.Unit)
	assert.Contains(t, g.Global, "package.json")
	assert.Contains(t, g.Global, "custom.mjs", "the config file vitest loaded")

}

// TestGraphReads: what a test reads beside its imports (issue 35) are
// nodes too; a directory claims the files below it, a deeper one carries
// the bindings of the directories holding it, and a binding that may
// import any module uses every node.
func TestGraphReads(t *testing.T) {
	line := `ah-vitest-graph {"root":"/repo/web","triggers":["**/package.json/**","**/{vitest,vite}.config.*/**"],"bindings":[` +
		`{"files":["/repo/web/test/m.test.js","/repo/web/src/m.js","/repo/web/src/__mocks__/m.js","/repo/web/test/__snapshots__/m.test.js.snap","/repo/web/.env"],"dirs":["/repo/web/__mocks__","/repo/web/src"]},` +
		`{"files":["/repo/web/test/g.test.js","/repo/web/.env"],"dirs":["/repo/web/src/glob","/repo/web","/repo/web/src/glob"]},` +
		`{"files":["/repo/web/test/dyn.test.js"],"all":true}]}`
	proc, _ := fakeNode(line, 0, "")
	g, err := vitest.New().Graph(t.Context(), proc, "/repo", [][]string{{"vitest", "run", "m"}, {"vitest", "run", "g"}, {"vitest", "run", "dyn"}})
	require.NoError(t, err)
	names := func(i int) []string {
		var out []string
		for _, n := range g.Uses[i] {
			out = append(out, g.Nodes[n].Name)
		}
		return out
	}
	assert.Equal(t, []string{"web/test/m.test.js", "web/src/m.js", "web/src/__mocks__/m.js", "web/test/__snapshots__/m.test.js.snap", "web/.env", "web/__mocks__/", "web/src/", "web/src/glob/"}, names(0),
		"src/glob lies under src: its node carries src's binding")
	assert.Equal(t, []string{"web/test/g.test.js", "web/.env", "web/src/glob/"}, names(1), "vitest's root is claimed by no directory node; a directory is one node")
	assert.Len(t, g.Uses[2], len(g.Nodes), "import(name) may read any module")
	for _, n := range g.Nodes {
		if strings.HasSuffix(n.Name, "/") {
			assert.Equal(t, strings.TrimSuffix(n.Name, "/"), n.Dir)
			assert.Empty(t, n.Files)
		} else {
			assert.Equal(t, []string{n.Name}, n.Files)
			assert.Empty(t, n.Dir)
		}
	}
}

func TestGraphFails(t *testing.T) {
	for name, tc := range map[string]struct {
		argv           []string
		stdout, stderr string
		exit           int
		want           string
	}{
		"flag":     {argv: []string{"vitest", "run", "--project", "web"}, stdout: graphLine, want: "vitest flag --project may change which files run"},
		"exit":     {argv: []string{"vitest", "run"}, exit: 1, stderr: "file:///x\n\nError [ERR_MODULE_NOT_FOUND]: Cannot find package 'vitest'\n\nNode.js v20", want: "exited 1: Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'vitest'"},
		"silent":   {argv: []string{"vitest", "run"}, stdout: "nothing\n", want: "printed nothing"},
		"triggers": {argv: []string{"vitest", "run"}, stdout: `ah-vitest-graph {"root":"/repo","triggers":["**/fixtures/**"],"bindings":[{}]}`, want: "not vitest's defaults"},
		"root":     {argv: []string{"vitest", "run"}, stdout: `ah-vitest-graph {"root":"/other","triggers":["**/package.json/**","**/{vitest,vite}.config.*/**"],"bindings":[{}]}`, want: "outside /repo"},
	} {
		t.Run(name, func(t *testing.T) {
			proc, _ := fakeNode(tc.stdout, tc.exit, tc.stderr)
			_, err := vitest.New().Graph(t.Context(), proc, "/repo", [][]string{tc.argv})
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}
