package gotest_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/drivers/gotest"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

// listOutput is `go list -deps -test -json` of ./a ./b in /repo, where b's
// tests import the helper h and a's test imports nothing local; fmt is
// outside the repository.
const listOutput = `{"ImportPath": "fmt", "Dir": "/usr/lib/go/src/fmt", "DepOnly": true}
{"ImportPath": "example.com/m/a", "Dir": "/repo/a", "Deps": ["fmt"]}
{"ImportPath": "example.com/m/h", "Dir": "/repo/h", "DepOnly": true}
{"ImportPath": "example.com/m/b", "Dir": "/repo/b", "Deps": ["example.com/m/a", "fmt"]}
{"ImportPath": "example.com/m/b_test [example.com/m/b.test]", "Dir": "/repo/b", "ForTest": "example.com/m/b", "Deps": ["example.com/m/a", "example.com/m/b", "example.com/m/h"]}
{"ImportPath": "example.com/m/a.test", "Dir": "/repo/a", "Deps": ["example.com/m/a [example.com/m/a.test]", "fmt"]}
{"ImportPath": "example.com/m/b.test", "Dir": "/repo/b", "Deps": ["example.com/m/a", "example.com/m/b", "example.com/m/b_test [example.com/m/b.test]", "example.com/m/h"]}
`

func TestGraph(t *testing.T) {
	var argv []string
	proc := &portstest.Process{Func: func(_ context.Context, cmd ports.Command) (ports.Result, error) {
		argv = cmd.Argv
		_, _ = cmd.Stdout.Write([]byte(listOutput))
		return ports.Result{}, nil
	}}
	g, err := gotest.New().Graph(t.Context(), proc, "/repo", [][]string{
		{"go", "test", "./a", "-run", "^TestA$", "-count=1"},
		{"go", "test", "-v", "./b", "-run", "^TestB$"},
		{"go", "test", "example.com/m/...", "-timeout", "30s"},
	})
	require.NoError(t, err)
	assert.Equal(t, []string{"go", "list", "-deps", "-test", "-json=ImportPath,Dir,ForTest,DepOnly,Deps", "./a", "./b", "example.com/m/..."}, argv, "one go list for all patterns")
	names := map[string]string{}
	for _, n := range g.Nodes {
		names[n.Name] = n.Dir
	}
	assert.Equal(t, map[string]string{"example.com/m/a": "a", "example.com/m/b": "b", "example.com/m/h": "h"}, names, "only packages inside the repository")
	used := func(i int) []string {
		var out []string
		for _, n := range g.Uses[i] {
			out = append(out, g.Nodes[n].Name)
		}
		return out
	}
	assert.ElementsMatch(t, []string{"example.com/m/a"}, used(0))
	assert.ElementsMatch(t, []string{"example.com/m/a", "example.com/m/b", "example.com/m/h"}, used(1), "b's test binary links a and the test helper h")
	assert.ElementsMatch(t, []string{"example.com/m/a", "example.com/m/b", "example.com/m/h"}, used(2))
	assert.Equal(t, gotest.ModuleFiles, g.Global)
}

func TestGraphRefuses(t *testing.T) {
	ok := &portstest.Process{Func: func(_ context.Context, cmd ports.Command) (ports.Result, error) {
		_, _ = cmd.Stdout.Write([]byte(listOutput))
		return ports.Result{}, nil
	}}
	tests := []struct {
		name string
		proc ports.Process
		argv []string
		want string
	}{
		{"an unknown flag may take a package-like value", ok, []string{"go", "test", "-newflag", "./a"}, "go test flag -newflag is not one ah can graph"},
		{"the all pattern", ok, []string{"go", "test", "all"}, `go package pattern "all" is not one ah can graph`},
		{"go test of files", ok, []string{"go", "test", "a/a_test.go"}, "go test of files (a/a_test.go) has no package to graph"},
		{"a pattern go list did not print", ok, []string{"go", "test", "./zzz"}, `the go package pattern "./zzz" matches no package`},
		{"go list failing", &portstest.Process{Default: portstest.ProcessResponse{Result: ports.Result{ExitCode: 1, Stderr: []byte("a/a.go:3:1: expected 'IDENT'\nmore")}}},
			[]string{"go", "test", "./a"}, "`go list` exited 1: a/a.go:3:1: expected 'IDENT'"},
		{"go missing", &portstest.Process{Default: portstest.ProcessNotFound("go")}, []string{"go", "test", "./a"}, "`go list` could not start"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := gotest.New().Graph(t.Context(), tt.proc, "/repo", [][]string{tt.argv})
			require.Error(t, err)
			assert.True(t, strings.Contains(err.Error(), tt.want), "error %q names %q", err, tt.want)
			assert.False(t, errors.Is(err, context.Canceled))
		})
	}
}
