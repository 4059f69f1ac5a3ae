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
		Paths:  map[string][]string{"alpha": {"src/alpha/**"}, "beta": {"lib/*.go"}},
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
		{name: "source glob", files: []string{"src/alpha/parse/x.go"}, selected: []string{"alpha"}, run: []string{"alpha/one", "alpha/two"}},
		{
			name: "a file named by a pytest node id runs everything: other tests may import it", files: []string{"tests/test_alpha.py"}, run: all,
			fallback: "changed file maps to no capability: tests/test_alpha.py; map them with [selection] paths, or list them in [selection] ignore, in .espectacular/config.toml",
		},
		{
			name: "a file in a named Go package runs everything without a graph", files: []string{"pkg/beta/b_test.go"}, run: all,
			fallback: "changed file maps to no capability: pkg/beta/b_test.go; map them with [selection] paths, or list them in [selection] ignore, in .espectacular/config.toml",
		},
		{name: "ignored files beside a mapped one", files: []string{"README.md", "docs/a/b.txt", "lib/x.go"}, selected: []string{"beta"}, run: []string{"beta/b"}},
		{name: "a mapped file is never ignored", files: []string{"openspec/specs/beta/spec.md"}, selected: []string{"beta"}, run: []string{"beta/b"}},
		{
			name: "one unmapped file runs everything", files: []string{"lib/x.go", "main.c"}, run: all,
			fallback: "changed file maps to no capability: main.c; map them with [selection] paths, or list them in [selection] ignore, in .espectacular/config.toml",
		},
		{
			name: "the reason names the first three", files: []string{"a.c", "b.c", "c.c", "d.c", "e.c"}, run: all,
			fallback: "changed files map to no capability: a.c, b.c, c.c and 2 more; map them with [selection] paths, or list them in [selection] ignore, in .espectacular/config.toml",
		},
		{
			name: "three unmapped files are all named, with no count after them", files: []string{"a.c", "b.c", "c.c"}, run: all,
			fallback: "changed files map to no capability: a.c, b.c, c.c; map them with [selection] paths, or list them in [selection] ignore, in .espectacular/config.toml",
		},
		{name: "any file under a known capability maps to it", files: []string{"openspec/specs/alpha/design/notes.txt"}, selected: []string{"alpha"}, run: []string{"alpha/one", "alpha/two"}},
		{name: "any file under a nested capability maps to the nested one", files: []string{"openspec/specs/nested/deep/x/notes.txt"}, selected: []string{"nested/deep"}, run: []string{"nested/deep/d"}},
		{name: "a deployed contract in a subdirectory of its capability", files: []string{".espectacular/nested/deep/old/d.toml"}, selected: []string{"nested/deep"}, run: []string{"nested/deep/d"}},
		{name: "the config affects everything", files: []string{".espectacular/config.toml"}, run: all, fallback: "changed file maps to no capability: .espectacular/config.toml; map them with [selection] paths, or list them in [selection] ignore, in .espectacular/config.toml"},
		{name: "a change's proposal is unmapped", files: []string{"openspec/changes/add-x/proposal.md"}, run: all, fallback: "changed file maps to no capability: openspec/changes/add-x/proposal.md; map them with [selection] paths, or list them in [selection] ignore, in .espectacular/config.toml"},
		{name: "only ignored files run everything", files: []string{"docs/x.txt"}, run: all, fallback: "every changed file is ignored by [selection] ignore, and a run of zero tests proves nothing"},
		{name: "a deleted capability selects nothing", files: []string{"openspec/specs/gone/spec.md"}, run: all, fallback: "the changed files select no contract, and a run of zero tests proves nothing"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := selection.Decide(selection.Changes{Source: selection.Files, Files: tt.files}, contracts, known, rules, selection.Graphs{})
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
	d := selection.Decide(selection.Changes{Source: selection.AllTests}, contracts, known, rules, selection.Graphs{})
	assert.Equal(t, selection.Decision{Source: selection.AllTests, ChangedFiles: []string{}, Selected: []string{"alpha", "beta", "nested/deep"},
		SelectedContracts: all, Skipped: []string{}, Reasons: []selection.Reason{}}, d)

	d = selection.Decide(selection.Changes{Source: selection.Range, Base: baseID, Head: headID, Files: []string{}, Problem: "empty"}, contracts, known, rules, selection.Graphs{})
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
