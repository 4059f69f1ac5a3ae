package vitest_test

import (
	"context"
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
ah-vitest-graph {"root":"/repo","config":"/repo/config/custom.mjs","triggers":["**/package.json/**","**/{vitest,vite}.config.*/**"],"bindings":[["/repo/test/one.test.js","/repo/src/a.js","/repo/src/base.js"],["/repo/test/two.test.js","/repo/src/base.js","/elsewhere/x.js"]]}
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

	// A filter naming a deleted test file still claims it.
	proc, _ = fakeNode(`ah-vitest-graph {"root":"/repo","triggers":["**/package.json/**","**/{vitest,vite}.config.*/**"],"bindings":[[]]}`, 0, "")
	g, err = vitest.New().Graph(t.Context(), proc, "/repo", [][]string{{"vitest", "run", "test/gone.test.js"}})
	require.NoError(t, err)
	assert.Equal(t, []string{"test/gone.test.js"}, used(0))
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
		"triggers": {argv: []string{"vitest", "run"}, stdout: `ah-vitest-graph {"root":"/repo","triggers":["**/fixtures/**"],"bindings":[[]]}`, want: "not vitest's defaults"},
		"root":     {argv: []string{"vitest", "run"}, stdout: `ah-vitest-graph {"root":"/other","triggers":["**/package.json/**","**/{vitest,vite}.config.*/**"],"bindings":[[]]}`, want: "outside /repo"},
	} {
		t.Run(name, func(t *testing.T) {
			proc, _ := fakeNode(tc.stdout, tc.exit, tc.stderr)
			_, err := vitest.New().Graph(t.Context(), proc, "/repo", [][]string{tc.argv})
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}
