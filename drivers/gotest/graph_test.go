package gotest_test

import (
	"context"
	"errors"
	"slices"
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
	require.Len(t, argv, 8)
	assert.Equal(t, []string{"go", "list", "-deps", "-test"}, argv[:4])
	assert.Equal(t, []string{"./a", "./b", "example.com/m/..."}, argv[5:], "one go list for all patterns")
	for _, field := range []string{"ImportPath", "Dir", "ForTest", "DepOnly", "Deps", "GoFiles", "CgoFiles", "CFiles", "CXXFiles", "HFiles", "SFiles", "SysoFiles", "SwigFiles", "IgnoredGoFiles", "IgnoredOtherFiles", "TestGoFiles", "XTestGoFiles", "EmbedFiles", "TestEmbedFiles", "XTestEmbedFiles"} {
		assert.Contains(t, strings.Split(strings.TrimPrefix(argv[4], "-json="), ","), field)
	}
	names := map[string]string{}
	for _, n := range g.Nodes {
		names[n.Name] = n.Dir
	}
	assert.Equal(t, map[string]string{"example.com/m/a": "a/testdata", "example.com/m/b": "b/testdata", "example.com/m/h": "h/testdata"}, names, "only packages inside the repository, each claiming its testdata")
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

// embedListOutput is `go list -deps -test -json` of ./assets ./srv ./cadd
// in /repo: assets embeds icons/*.svg while assets/icons is a package
// too, and its tests embed testdata and a file of a plain directory; cfg
// embeds conf/port.txt and srv imports cfg; cadd is cgo, with a file a
// build constraint leaves out. The test main's generated file lies in
// the build cache.
const embedListOutput = `{"ImportPath": "example.com/m/assets/icons", "Dir": "/repo/assets/icons", "DepOnly": true, "GoFiles": ["icons.go"]}
{"ImportPath": "example.com/m/assets", "Dir": "/repo/assets", "GoFiles": ["assets.go"], "EmbedFiles": ["icons/a.svg", "static/.hidden"], "TestGoFiles": ["assets_test.go"], "TestEmbedFiles": ["testdata/golden.txt"], "XTestGoFiles": ["x_test.go"], "XTestEmbedFiles": ["xfix/want.txt"], "Deps": ["example.com/m/assets/icons"]}
{"ImportPath": "example.com/m/assets.test", "Dir": "/repo/assets", "GoFiles": ["/home/u/.cache/go-build/8c/8cbc-d"], "Deps": ["example.com/m/assets [example.com/m/assets.test]"]}
{"ImportPath": "example.com/m/cfg", "Dir": "/repo/cfg", "DepOnly": true, "GoFiles": ["cfg.go"], "EmbedFiles": ["conf/port.txt"], "TestGoFiles": ["cfg_test.go"]}
{"ImportPath": "example.com/m/srv", "Dir": "/repo/srv", "GoFiles": ["srv.go"], "Deps": ["example.com/m/cfg"]}
{"ImportPath": "example.com/m", "Dir": "/repo", "GoFiles": ["m.go"]}
{"ImportPath": "example.com/m/cadd", "Dir": "/repo/cadd", "CgoFiles": ["cadd.go"], "CFiles": ["add.c"], "CXXFiles": ["x.cc"], "HFiles": ["add.h"], "SFiles": ["a_amd64.s"], "SysoFiles": ["r.syso"], "SwigFiles": ["s.swig"], "IgnoredGoFiles": ["never.go"], "IgnoredOtherFiles": ["w_windows.c"], "Deps": ["example.com/m"]}
`

// TestGraphFiles: a node holds the files go reads for its package,
// embedded ones whatever directory holds them, and claims only its
// testdata directory.
func TestGraphFiles(t *testing.T) {
	proc := &portstest.Process{Func: func(_ context.Context, cmd ports.Command) (ports.Result, error) {
		_, _ = cmd.Stdout.Write([]byte(embedListOutput))
		return ports.Result{}, nil
	}}
	g, err := gotest.New().Graph(t.Context(), proc, "/repo", [][]string{{"go", "test", "./assets"}, {"go", "test", "./srv"}, {"go", "test", "./cadd"}})
	require.NoError(t, err)
	nodes := map[string]ports.GraphNode{}
	for _, n := range g.Nodes {
		nodes[n.Name] = n
	}
	assert.Equal(t, ports.GraphNode{Name: "example.com/m/assets", Dir: "assets/testdata", Files: []string{
		"assets/assets.go", "assets/assets_test.go", "assets/icons/a.svg", "assets/static/.hidden", "assets/testdata/golden.txt", "assets/x_test.go", "assets/xfix/want.txt",
	}}, nodes["example.com/m/assets"], "an embedded file in a deeper package's directory is the embedding package's too; the cache's file is none")
	assert.Equal(t, ports.GraphNode{Name: "example.com/m/assets/icons", Dir: "assets/icons/testdata", Files: []string{"assets/icons/icons.go"}}, nodes["example.com/m/assets/icons"])
	assert.Equal(t, []string{"cfg/cfg.go", "cfg/cfg_test.go", "cfg/conf/port.txt"}, nodes["example.com/m/cfg"].Files, "srv's binding uses cfg, which embeds port.txt")
	assert.Equal(t, []string{"cadd/a_amd64.s", "cadd/add.c", "cadd/add.h", "cadd/cadd.go", "cadd/never.go", "cadd/r.syso", "cadd/s.swig", "cadd/w_windows.c", "cadd/x.cc"}, nodes["example.com/m/cadd"].Files)
	assert.Equal(t, ports.GraphNode{Name: "example.com/m", Dir: "testdata", Files: []string{"m.go"}}, nodes["example.com/m"], "the root package claims testdata/, not the repository")
	uses := func(i int) []string {
		var out []string
		for _, n := range g.Uses[i] {
			out = append(out, g.Nodes[n].Name)
		}
		return out
	}
	assert.ElementsMatch(t, []string{"example.com/m/assets", "example.com/m/assets/icons"}, uses(0))
	assert.ElementsMatch(t, []string{"example.com/m/srv", "example.com/m/cfg"}, uses(1))
	assert.ElementsMatch(t, []string{"example.com/m/cadd", "example.com/m"}, uses(2))
}

// TestGraphFilesAcrossTags: bindings with other build tags list the same
// package with other files (an embed in a file only -tags foo builds);
// its node holds the files of both.
func TestGraphFilesAcrossTags(t *testing.T) {
	proc := &portstest.Process{Func: func(_ context.Context, cmd ports.Command) (ports.Result, error) {
		out := `{"ImportPath": "example.com/m/a", "Dir": "/repo/a", "GoFiles": ["a.go"], "IgnoredGoFiles": ["foo.go"]}` + "\n"
		if slices.Contains(cmd.Argv, "-tags=foo") {
			out = `{"ImportPath": "example.com/m/a", "Dir": "/repo/a", "GoFiles": ["a.go", "foo.go"], "EmbedFiles": ["foo.txt"]}` + "\n"
		}
		_, _ = cmd.Stdout.Write([]byte(out))
		return ports.Result{}, nil
	}}
	g, err := gotest.New().Graph(t.Context(), proc, "/repo", [][]string{{"go", "test", "./a"}, {"go", "test", "-tags=foo", "./a"}})
	require.NoError(t, err)
	require.Len(t, g.Nodes, 1)
	assert.Equal(t, []string{"a/a.go", "a/foo.go", "a/foo.txt"}, g.Nodes[0].Files)
	assert.Equal(t, [][]int{{0}, {0}}, g.Uses)
}
