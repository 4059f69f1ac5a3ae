package lifecycle_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/lifecycle"
)

// TestInitCollisions: a trial adopting ah found slug collisions with ah
// check, set qualify_colliding_ids and did not know what wrote the second
// stub. ah init names the way in its notes, and a run under the new
// config writes just the missing stub.
func TestInitCollisions(t *testing.T) {
	const specMD = "# h\n### Requirement: Zero\n#### Scenario: Zero off\n- **THEN** x\n### Requirement: Default 30s\n#### Scenario: Zero off\n- **THEN** y\n"
	tests := []struct {
		name, config string
		wantOps      []string
		wantNote     string
	}{
		{"option off: the note names it and ah init", defaultConfig, nil,
			"slug collision: openspec/specs/h/spec.md: scenarios \"Zero off\" (line 3) and \"Zero off\" (line 6) have the id \"zero-off\", so only the first has a contract; " +
				"set qualify_colliding_ids = true under [scenarios] in .espectacular/config.toml and run `ah init` again: it stubs the second as .espectacular/h/default-30s--zero-off.toml; or rename one of them"},
		{"option off, scoped by the shared id: the scope entry too", defaultConfig + "[scope]\ninclude = [\"h/zero-off\"]\n", nil,
			"slug collision: openspec/specs/h/spec.md: scenarios \"Zero off\" (line 3) and \"Zero off\" (line 6) have the id \"zero-off\", so only the first has a contract; " +
				"set qualify_colliding_ids = true under [scenarios] in .espectacular/config.toml, add \"h/default-30s--zero-off\" to [scope] include and run `ah init` again: it stubs the second as .espectacular/h/default-30s--zero-off.toml; or rename one of them"},
		{"option on: the missing stub", defaultConfig + "[scenarios]\nqualify_colliding_ids = true\n", []string{".espectacular/h/default-30s--zero-off.toml"}, ""},
		{"option on, scoped by the shared id: the scope entry to add", defaultConfig + "[scenarios]\nqualify_colliding_ids = true\n[scope]\ninclude = [\"h/zero-off\"]\n", nil,
			"out of scope: h/default-30s--zero-off (qualified from h/zero-off, which [scope] include names): add \"h/default-30s--zero-off\" to [scope] include in .espectacular/config.toml and run `ah init` again to stub it"},
		{"option on, the qualified id excluded: nothing to say", defaultConfig + "[scenarios]\nqualify_colliding_ids = true\n[scope]\ninclude = [\"h/zero-off\"]\nexclude = [\"h/default-30s--zero-off\"]\n", nil, ""},
		{"option on, scoped by capability: the missing stub", defaultConfig + "[scenarios]\nqualify_colliding_ids = true\n[scope]\ninclude = [\"h\"]\n", []string{".espectacular/h/default-30s--zero-off.toml"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := newRepo(map[string]string{
				".espectacular/config.toml":     tt.config,
				"openspec/specs/h/spec.md":      specMD,
				".espectacular/h/zero-off.toml": "kept",
				".pre-commit-config.yaml":       "repos:\n- repo: local\n  hooks:\n  - id: x\n    entry: ah check\n",
			})
			res, err := lifecycle.Init(m.fs, lifecycle.InitRequest{Version: "0.12.0"})
			require.NoError(t, err)
			var paths []string
			for _, op := range res.Ops {
				paths = append(paths, op.Path)
			}
			assert.Equal(t, tt.wantOps, paths, "never the existing contract")
			if tt.wantNote == "" {
				assert.Empty(t, res.Notes)
			} else {
				assert.Equal(t, []string{tt.wantNote}, res.Notes)
			}
		})
	}
}
