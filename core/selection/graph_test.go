package selection_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/selection"
	"github.com/espectacular/ah/ports"
)

// fakeGrapher answers with a fixed graph whose Uses are looked up by the
// argv's last word, and counts its calls.
type fakeGrapher struct {
	nodes []ports.GraphNode
	uses  map[string][]int
	err   error
	calls int
}

func (g *fakeGrapher) Graph(_ context.Context, _ ports.Process, _ string, argvs [][]string) (ports.Graph, error) {
	g.calls++
	if g.err != nil {
		return ports.Graph{}, g.err
	}
	out := ports.Graph{Nodes: g.nodes, Global: []string{"go.mod", "go.sum"}}
	for _, a := range argvs {
		out.Uses = append(out.Uses, g.uses[a[len(a)-1]])
	}
	return out, nil
}

// module: a is a leaf; b imports a; h is a helper only b's tests import;
// c stands alone. alpha tests a, beta tests b, gamma tests c.
func module() *fakeGrapher {
	return &fakeGrapher{
		nodes: []ports.GraphNode{{Name: "m/a", Dir: "a"}, {Name: "m/b", Dir: "b"}, {Name: "m/h", Dir: "h"}, {Name: "m/c", Dir: "c"}, {Name: "m/a/sub", Dir: "a/sub"}},
		uses:  map[string][]int{"./a": {0}, "./b": {0, 1, 2}, "./c": {3}},
	}
}

func goContracts(g ports.Grapher, withPytest bool) []selection.Contract {
	bind := func(pkg string) []selection.Binding {
		return []selection.Binding{{Framework: "go", Argv: []string{"go", "test", pkg}, Grapher: g}}
	}
	cs := []selection.Contract{
		{Key: "alpha/a", Capability: "alpha", Bindings: bind("./a")},
		{Key: "beta/b", Capability: "beta", Bindings: bind("./b")},
		{Key: "gamma/c", Capability: "gamma", Bindings: bind("./c")},
	}
	if withPytest {
		cs = append(cs, selection.Contract{Key: "py/p", Capability: "py", Bindings: []selection.Binding{{Framework: "pytest", Argv: []string{"pytest", "tests"}}}})
	}
	return cs
}

func TestSelectByGraph(t *testing.T) {
	goAll := []string{"alpha/a", "beta/b", "gamma/c"}
	tests := []struct {
		name       string
		files      []string
		withPytest bool
		err        error
		run        []string
		fallback   string
		reasons    []selection.Reason
		globs      map[string][]string
		ignore     []string
	}{
		{
			name: "a change to a leaf selects every binding depending on it", files: []string{"a/a.go"}, run: []string{"alpha/a", "beta/b"},
			reasons: []selection.Reason{
				{Contract: "alpha/a", File: "a/a.go", Rule: selection.RuleDependency, Detail: "go package m/a"},
				{Contract: "beta/b", File: "a/a.go", Rule: selection.RuleDependency, Detail: "go package m/a"},
			},
		},
		{name: "a package used by one contract narrows to it", files: []string{"c/c.go"}, run: []string{"gamma/c"}},
		{name: "a helper imported only by tests", files: []string{"h/h.go"}, run: []string{"beta/b"}},
		{name: "testdata belongs to its package", files: []string{"a/testdata/in.json"}, run: []string{"alpha/a", "beta/b"}},
		{
			name: "the deepest package directory owns a file", files: []string{"a/sub/x.go"}, run: goAll,
			fallback: "the changed files select no contract, and a run of zero tests proves nothing",
		},
		{
			name: "go.mod selects every go binding", files: []string{"go.mod"}, run: goAll,
			reasons: []selection.Reason{
				{Contract: "alpha/a", File: "go.mod", Rule: selection.RuleBuildFile, Detail: "go"},
				{Contract: "beta/b", File: "go.mod", Rule: selection.RuleBuildFile, Detail: "go"},
				{Contract: "gamma/c", File: "go.mod", Rule: selection.RuleBuildFile, Detail: "go"},
			},
		},
		{
			name: "a file go does not know runs everything though every binding has a graph", files: []string{"tools/gen.sh"}, run: goAll,
			fallback: "nothing accounts for the changed file tools/gen.sh (no spec layout, dependency graph or [selection] ignore claims it), and ah never narrows on a file it cannot account for",
			reasons: []selection.Reason{
				{Contract: "alpha/a", File: "tools/gen.sh", Rule: selection.RuleUnaccounted, Detail: "nothing accounts for it"},
				{Contract: "beta/b", File: "tools/gen.sh", Rule: selection.RuleUnaccounted, Detail: "nothing accounts for it"},
				{Contract: "gamma/c", File: "tools/gen.sh", Rule: selection.RuleUnaccounted, Detail: "nothing accounts for it"},
			},
		},
		{
			name: "a glob adds its capability to what the graph selects", files: []string{"c/c.go"}, globs: map[string][]string{"alpha": {"c/**"}}, run: []string{"alpha/a", "gamma/c"},
			reasons: []selection.Reason{
				{Contract: "alpha/a", File: "c/c.go", Rule: selection.RuleSelectionPaths, Detail: "alpha"},
				{Contract: "gamma/c", File: "c/c.go", Rule: selection.RuleDependency, Detail: "go package m/c"},
			},
		},
		{
			name: "a glob never makes a file the graph does not know accounted for", files: []string{"tools/gen.sh"}, globs: map[string][]string{"alpha": {"tools/**"}}, run: goAll,
			fallback: "nothing accounts for the changed file tools/gen.sh (no spec layout, dependency graph or [selection] ignore claims it), and ah never narrows on a file it cannot account for",
		},
		{
			name: "an ignored file a graph knows still selects through the graph", files: []string{"c/c.go"}, ignore: []string{"c/**"}, run: []string{"gamma/c"},
			reasons: []selection.Reason{{Contract: "gamma/c", File: "c/c.go", Rule: selection.RuleDependency, Detail: "go package m/c"}},
		},
		{
			name: "a spec change selects by layout, without a graph", files: []string{"openspec/specs/gamma/spec.md"}, run: []string{"gamma/c"},
			reasons: []selection.Reason{{Contract: "gamma/c", File: "openspec/specs/gamma/spec.md", Rule: selection.RuleSpecLayout, Detail: "gamma"}},
		},
		{
			name: "a binding without a graph runs on any file the rules do not claim", files: []string{"c/c.go"}, withPytest: true, run: []string{"gamma/c", "py/p"},
			reasons: []selection.Reason{
				{Contract: "gamma/c", File: "c/c.go", Rule: selection.RuleDependency, Detail: "go package m/c"},
				{Contract: "py/p", File: "c/c.go", Rule: selection.RuleNoGraph, Detail: "pytest"},
			},
		},
		{
			name: "a file no rule knows runs everything when a binding has no graph", files: []string{"src/lib.py"}, withPytest: true,
			run:      []string{"alpha/a", "beta/b", "gamma/c", "py/p"},
			fallback: "nothing accounts for the changed file src/lib.py (no spec layout, dependency graph or [selection] ignore claims it), and ah never narrows on a file it cannot account for",
		},
		{
			name: "a graph that fails runs everything with the reason", files: []string{"c/c.go"}, err: errors.New("`go list` exited 1: a/a.go:3:1: expected declaration"),
			run:      goAll,
			fallback: "the go dependency graph could not be computed, so no go binding can be left out: `go list` exited 1: a/a.go:3:1: expected declaration",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := module()
			g.err = tt.err
			cs := goContracts(g, tt.withPytest)
			d := selection.Select(t.Context(), nil, "/repo", selection.Diff{Source: selection.Files, Files: tt.files}, cs,
				[]string{"alpha", "beta", "gamma", "py"}, selection.Rules{Specs: "openspec/specs", Changes: "openspec/changes", Selection: config.Selection{Paths: tt.globs, Ignore: tt.ignore}})
			assert.Equal(t, tt.run, d.SelectedContracts)
			assert.Equal(t, tt.fallback, d.Fallback)
			if tt.reasons != nil {
				assert.Equal(t, tt.reasons, d.Reasons)
			}
			if tt.fallback != "" && !strings.HasPrefix(tt.fallback, "nothing accounts") {
				assert.Empty(t, d.Reasons, "a fallback other than an unaccounted file has no per-contract reasons")
			}
			wantCalls := 1
			if tt.files[0] == "openspec/specs/gamma/spec.md" {
				wantCalls = 0
			}
			assert.Equal(t, wantCalls, g.calls, "graph computations")
		})
	}
}
