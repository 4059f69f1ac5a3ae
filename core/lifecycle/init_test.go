package lifecycle_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/lifecycle"
)

const defaultConfig = "tool_version = \"0.12.0\"\n\n[paths]\nspecs = \"openspec/specs\"\nchanges = \"openspec/changes\"\n"

func TestInitFreshRepository(t *testing.T) {
	m := newRepo(map[string]string{
		"openspec/specs/p/spec.md": "# p\n### Requirement: R\n#### Scenario: One\n- **THEN** x\n#### Scenario: Two\n- **THEN** y\n",
		".espectacular/p/two.toml": "kept",
		"lefthook.yml":             "pre-push:\n  commands:\n    t:\n      run: make\n",
	})
	facts := adapter.Facts{Evidence: map[string]adapter.Evidence{
		"pytest": {Manifest: true, Probed: true, Runnable: []string{"python3", "-m", "pytest"}},
		"cargo":  {ImportedBy: "src/lib.rs", Probed: true},
		"vitest": {Probed: true, Runnable: []string{"vitest"}},
	}}
	res, err := lifecycle.Init(m.fs, lifecycle.InitRequest{Version: "0.12.0", Facts: facts})
	require.NoError(t, err)
	paths := []string{}
	for _, op := range res.Ops {
		paths = append(paths, op.Path)
	}
	assert.Equal(t, []string{".espectacular/config.toml", ".espectacular/p/one.toml", "lefthook.yml"}, paths)
	assert.Equal(t, defaultConfig+"\n# Added by `ah init`: [[tests.pytest]] entries run this command with their flags appended.\n[runners.pytest]\ncommand = [\"python3\", \"-m\", \"pytest\"]\n",
		string(res.Ops[0].Data), "a runner for the probed framework only")
	assert.Equal(t, string(lifecycle.Stub("one", "One", "0.12.0", "cargo")), string(res.Ops[1].Data), "the example uses the first framework by name")
	require.Len(t, res.Notes, 1)
	assert.Contains(t, res.Notes[0], "cargo detected but not configured: ")
	assert.Equal(t, lifecycle.HookWired, res.Hook.Status)
	assert.Equal(t, "lefthook.yml", res.Hook.Path)
}

func TestInitSecondRunPlansNothing(t *testing.T) {
	m := newRepo(map[string]string{
		".espectacular/config.toml": defaultConfig,
		"openspec/specs/p/spec.md":  "#### Scenario: One\n",
		".espectacular/p/one.toml":  "kept",
		".pre-commit-config.yaml":   "repos:\n- repo: local\n  hooks:\n  - id: x\n    entry: ah check\n",
	})
	res, err := lifecycle.Init(m.fs, lifecycle.InitRequest{Version: "0.12.0"})
	require.NoError(t, err)
	assert.Empty(t, res.Ops)
	assert.Empty(t, res.Notes)
	assert.Equal(t, lifecycle.Hook{Framework: "pre-commit", Path: ".pre-commit-config.yaml", Status: lifecycle.HookAlready,
		Message: ".pre-commit-config.yaml already runs ah check"}, res.Hook)
}

func TestInitWithoutSpecsYet(t *testing.T) {
	res, err := lifecycle.Init(newRepo(map[string]string{"openspec/project.md": ""}).fs, lifecycle.InitRequest{Version: "0.12.0"})
	require.NoError(t, err, "openspec/ without specs/ is a repository to initialise")
	require.Len(t, res.Ops, 1)
	assert.Equal(t, defaultConfig, string(res.Ops[0].Data))
	assert.Equal(t, lifecycle.HookManual, res.Hook.Status)
}

func TestInitRefuses(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"no openspec directory", map[string]string{"README.md": ""}, lifecycle.ErrNoOpenSpec.Error()},
		{"configured specs root missing", map[string]string{
			".espectacular/config.toml": "tool_version = \"0.12.0\"\n[paths]\nspecs = \"docs/specs\"\n", "openspec/specs/p/spec.md": "",
		}, lifecycle.ErrNoOpenSpec.Error()},
		{"invalid config", map[string]string{".espectacular/config.toml": "tool_version = \n", "openspec/specs/p/spec.md": ""}, ".espectacular/config.toml"},
		{"unreadable config", map[string]string{".espectacular/config.toml/x": ""}, "read .espectacular/config.toml: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := lifecycle.Init(newRepo(tt.files).fs, lifecycle.InitRequest{Version: "0.12.0"})
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}
