package selection_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/selection"
)

// corpus: capabilities alpha (two contracts), beta, and nested/deep, with
// bindings of frameworks without a dependency graph.
var (
	known     = []string{"alpha", "beta", "nested", "nested/deep"}
	contracts = []selection.Contract{
		{Key: "alpha/one", Capability: "alpha", Bindings: []selection.Binding{{Framework: "pytest", Argv: []string{"pytest", "tests/test_alpha.py::test_one"}}}},
		{Key: "alpha/two", Capability: "alpha"},
		{Key: "beta/b", Capability: "beta", Bindings: []selection.Binding{{Framework: "shell"}}},
		{Key: "nested/deep/d", Capability: "nested/deep"},
	}
	rules = selection.Rules{Specs: "openspec/specs", Changes: "openspec/changes", Selection: config.Selection{
		Paths:  map[string][]string{"alpha": {"src/alpha/**", "docs/alpha.txt"}, "beta": {"lib/*.go"}},
		Ignore: []string{"docs/**", "*.md"},
	}}
	all = []string{"alpha/one", "alpha/two", "beta/b", "nested/deep/d"}
)

func TestDecide(t *testing.T) {
	tests := []struct {
		name     string
		files    []string
		selected []string
		run      []string
		fallback string
	}{
		{name: "deployed spec", files: []string{"openspec/specs/alpha/spec.md"}, selected: []string{"alpha"}, run: []string{"alpha/one", "alpha/two"}},
		{name: "deployed contract", files: []string{".espectacular/beta/b.toml"}, selected: []string{"beta"}, run: []string{"beta/b"}},
		{name: "nested capability wins over its parent", files: []string{"openspec/specs/nested/deep/spec.md"}, selected: []string{"nested/deep"}, run: []string{"nested/deep/d"}},
		{name: "change overlay spec", files: []string{"openspec/changes/add-x/specs/beta/spec.md"}, selected: []string{"beta"}, run: []string{"beta/b"}},
		{name: "change overlay contract", files: []string{".espectacular/changes/add-x/alpha/new.toml"}, selected: []string{"alpha"}, run: []string{"alpha/one", "alpha/two"}},
		{name: "a source glob widens but never accounts for a file", files: []string{"src/alpha/parse/x.go"}, run: all, fallback: "nothing accounts for the changed file src/alpha/parse/x.go (no spec layout, dependency graph or [selection] ignore claims it), and ah never narrows on a file it cannot account for"},
		{
			name: "a file named by a pytest node id runs everything: other tests may import it", files: []string{"tests/test_alpha.py"}, run: all,
			fallback: "nothing accounts for the changed file tests/test_alpha.py (no spec layout, dependency graph or [selection] ignore claims it), and ah never narrows on a file it cannot account for",
		},
		{
			name: "a file in a named Go package runs everything without a graph", files: []string{"pkg/beta/b_test.go"}, run: all,
			fallback: "nothing accounts for the changed file pkg/beta/b_test.go (no spec layout, dependency graph or [selection] ignore claims it), and ah never narrows on a file it cannot account for",
		},
		{name: "ignored files beside a spec", files: []string{"README.md", "docs/a/b.txt", "openspec/specs/beta/spec.md"}, selected: []string{"beta"}, run: []string{"beta/b"}},
		{name: "ignored files beside a globbed one run everything", files: []string{"README.md", "docs/a/b.txt", "lib/x.go"}, run: all, fallback: "nothing accounts for the changed file lib/x.go (no spec layout, dependency graph or [selection] ignore claims it), and ah never narrows on a file it cannot account for"},
		{name: "a globbed file the user ignores narrows to its glob", files: []string{"docs/alpha.txt"}, selected: []string{"alpha"}, run: []string{"alpha/one", "alpha/two"}},
		{name: "an archived change accounts for itself and selects nothing", files: []string{"openspec/changes/archive/2026-01-01-add-x/specs/alpha/spec.md"}, run: all, fallback: "the changed files select no contract, and a run of zero tests proves nothing"},
		{name: "a mapped file is never ignored", files: []string{"openspec/specs/beta/spec.md"}, selected: []string{"beta"}, run: []string{"beta/b"}},
		{
			name: "one unaccounted file runs everything", files: []string{"openspec/specs/beta/spec.md", "main.c"}, run: all,
			fallback: "nothing accounts for the changed file main.c (no spec layout, dependency graph or [selection] ignore claims it), and ah never narrows on a file it cannot account for",
		},
		{
			name: "the reason names the first three", files: []string{"a.c", "b.c", "c.c", "d.c", "e.c"}, run: all,
			fallback: "nothing accounts for the changed files a.c, b.c, c.c and 2 more (no spec layout, dependency graph or [selection] ignore claims them), and ah never narrows on a file it cannot account for",
		},
		{
			name: "three unmapped files are all named, with no count after them", files: []string{"a.c", "b.c", "c.c"}, run: all,
			fallback: "nothing accounts for the changed files a.c, b.c, c.c (no spec layout, dependency graph or [selection] ignore claims them), and ah never narrows on a file it cannot account for",
		},
		{name: "any file under a known capability maps to it", files: []string{"openspec/specs/alpha/design/notes.txt"}, selected: []string{"alpha"}, run: []string{"alpha/one", "alpha/two"}},
		{name: "any file under a nested capability maps to the nested one", files: []string{"openspec/specs/nested/deep/x/notes.txt"}, selected: []string{"nested/deep"}, run: []string{"nested/deep/d"}},
		{name: "a deployed contract in a subdirectory of its capability", files: []string{".espectacular/nested/deep/old/d.toml"}, selected: []string{"nested/deep"}, run: []string{"nested/deep/d"}},
		{name: "the config affects everything", files: []string{".espectacular/config.toml"}, run: all, fallback: "nothing accounts for the changed file .espectacular/config.toml (no spec layout, dependency graph or [selection] ignore claims it), and ah never narrows on a file it cannot account for"},
		{
			name: "documentation outside the ignore globs is offered to [selection] ignore", files: []string{"guide/intro.rst", "LICENSE"}, run: all,
			fallback: "nothing accounts for the changed files guide/intro.rst, LICENSE (no spec layout, dependency graph or [selection] ignore claims them), and ah never narrows on a file it cannot account for; if no test reads them, list them in [selection] ignore in .espectacular/config.toml",
		},
		{
			name: "documentation beside a source is not offered to [selection] ignore", files: []string{"guide/intro.rst", "lib/x.go"}, run: all,
			fallback: "nothing accounts for the changed files guide/intro.rst, lib/x.go (no spec layout, dependency graph or [selection] ignore claims them), and ah never narrows on a file it cannot account for",
		},
		{
			name: "test data is never offered to [selection] ignore", files: []string{"tests/data/expected.txt"}, run: all,
			fallback: "nothing accounts for the changed file tests/data/expected.txt (no spec layout, dependency graph or [selection] ignore claims it), and ah never narrows on a file it cannot account for",
		},
		{name: "a change's proposal is unmapped", files: []string{"openspec/changes/add-x/proposal.md"}, run: all, fallback: "nothing accounts for the changed file openspec/changes/add-x/proposal.md (no spec layout, dependency graph or [selection] ignore claims it), and ah never narrows on a file it cannot account for; if no test reads it, list it in [selection] ignore in .espectacular/config.toml"},
		{name: "only ignored files run everything", files: []string{"docs/x.txt"}, run: all, fallback: "every changed file is ignored by [selection] ignore, and a run of zero tests proves nothing"},
		{name: "a deleted capability selects nothing", files: []string{"openspec/specs/gone/spec.md"}, run: all, fallback: "the changed files select no contract, and a run of zero tests proves nothing"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := selection.Decide(selection.Diff{Source: selection.Files, Files: tt.files}, contracts, known, rules, selection.Graphs{})
			assert.Equal(t, tt.fallback, d.Fallback, "Decide(%v).Fallback", tt.files)
			assert.Equal(t, tt.run, d.SelectedContracts, "Decide(%v).SelectedContracts", tt.files)
			if tt.selected == nil {
				tt.selected = []string{"alpha", "beta", "nested/deep"}
			}
			assert.Equal(t, tt.selected, d.Selected)
			var skipped []string
			for _, k := range all {
				assert.Equal(t, !contains(tt.run, k), !d.Runs(k), "Runs(%q)", k)
				if !contains(tt.run, k) {
					skipped = append(skipped, k)
				}
			}
			assert.Equal(t, nonNil(skipped), d.Skipped)
			assert.Equal(t, tt.files, d.ChangedFiles)
		})
	}
}

func TestDecideSources(t *testing.T) {
	d := selection.Decide(selection.Diff{Source: selection.AllTests}, contracts, known, rules, selection.Graphs{})
	assert.Equal(t, selection.Decision{Source: selection.AllTests, ChangedFiles: []string{}, Selected: []string{"alpha", "beta", "nested/deep"},
		SelectedContracts: all, Skipped: []string{}, Reasons: []selection.Reason{}}, d)

	d = selection.Decide(selection.Diff{Source: selection.Range, Base: baseID, Head: headID, Files: []string{}, Problem: "empty"}, contracts, known, rules, selection.Graphs{})
	assert.Equal(t, "empty", d.Fallback)
	assert.Equal(t, all, d.SelectedContracts)
	assert.Equal(t, baseID, d.Base)
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if x == y {
			return true
		}
	}
	return false
}

func nonNil(xs []string) []string {
	if xs == nil {
		return []string{}
	}
	return xs
}
