package graphscript_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/drivers/graphscript"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

type line struct {
	Bindings []int `json:"bindings"`
}

func (l *line) Covers() int { return len(l.Bindings) }

var script = graphscript.Script{Name: "the x graph", Prefix: "ah-x-graph ", Timeout: time.Minute, Says: func(b []byte) string { return "said: " + string(b) }}

func fake(res ports.Result, stdout string, err error) *portstest.Process {
	return &portstest.Process{Func: func(_ context.Context, cmd ports.Command) (ports.Result, error) {
		_, _ = cmd.Stdout.Write([]byte(stdout))
		return res, err
	}}
}

func TestRun(t *testing.T) {
	proc := fake(ports.Result{}, "noise\nah-x-graph {\"bindings\":[1]}\nah-x-graph {\"bindings\":[1,2]}\n", nil)
	var l line
	require.NoError(t, script.Run(t.Context(), proc, ports.Command{Argv: []string{"x", "-c", "s"}, Dir: "/repo", Env: []string{"A=1"}}, "x", 2, &l))
	assert.Equal(t, []int{1, 2}, l.Bindings, "the last line counts")
	calls := proc.Calls()
	require.Len(t, calls, 1)
	assert.Equal(t, time.Minute, calls[0].Timeout)
	assert.Equal(t, "/repo", calls[0].Dir)
	assert.Equal(t, []string{"A=1"}, calls[0].Env)
}

func TestRunFails(t *testing.T) {
	for name, tc := range map[string]struct {
		res    ports.Result
		stdout string
		err    error
		want   string
	}{
		"start":   {err: errors.New("no such file"), want: "`x` could not start (no such file)"},
		"timeout": {res: ports.Result{TimedOut: true}, want: "the x graph took longer than 1m0s"},
		"exit":    {res: ports.Result{ExitCode: 3, Stderr: []byte("boom")}, want: "the x graph (x) exited 3: said: boom"},
		"silent":  {stdout: "nothing\n", want: "the x graph printed nothing"},
		"json":    {stdout: "ah-x-graph {", want: "the x graph is not JSON"},
		"short":   {stdout: "ah-x-graph {\"bindings\":[1]}", want: "the x graph covers 1 of 2 bindings"},
	} {
		t.Run(name, func(t *testing.T) {
			var l line
			err := script.Run(t.Context(), fake(tc.res, tc.stdout, tc.err), ports.Command{Argv: []string{"x"}}, "x", 2, &l)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestRunCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	var l line
	err := script.Run(ctx, fake(ports.Result{}, "", nil), ports.Command{Argv: []string{"x"}}, "x", 0, &l)
	assert.ErrorIs(t, err, context.Canceled)
}

func TestUseAll(t *testing.T) {
	g := ports.Graph{Nodes: make([]ports.GraphNode, 3), Uses: [][]int{{1}, {}}}
	graphscript.UseAll(&g, 1)
	assert.Equal(t, [][]int{{1}, {0, 1, 2}}, g.Uses)
}
