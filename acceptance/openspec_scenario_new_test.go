package acceptance_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/lifecycle"
)

// TestScenarioNewOracle: `ah scenario new` on a requirement the deployed
// spec has writes the delta OpenSpec accepts (issue 39): MODIFIED,
// restating the requirement with every scenario it has, so `openspec
// archive` keeps them all and adds the new one, and ah check --changes
// sees the same scope with no overlay-conflict. A requirement the spec
// lacks stays ADDED.
func TestScenarioNewOracle(t *testing.T) {
	node, fixture := openSpecCLI(t)
	cases := []struct{ requirement, heading string }{
		{"Parsing", "Parses twice"},      // deployed: MODIFIED
		{"Linking", "Links the objects"}, // new: ADDED
	}
	originals, archived := make([]string, len(cases)), make([]string, len(cases))
	args := []string{filepath.Join(fixture, "archive-all.mjs")}
	for i, tc := range cases {
		for _, dir := range []*string{&originals[i], &archived[i]} {
			*dir = t.TempDir()
			require.NoError(t, os.CopyFS(*dir, os.DirFS(filepath.Join("testdata", "fixtures", "overlay-compiler"))))
			change := filepath.Join(*dir, "openspec", "changes", "extend")
			require.NoError(t, os.MkdirAll(change, 0o755))
			require.NoError(t, os.WriteFile(filepath.Join(change, "proposal.md"), []byte("# Change: extend\n\n## Why\nMore.\n\n## What Changes\n- More.\n"), 0o644))
			ops, err := lifecycle.NewScenario(os.DirFS(*dir), lifecycle.ScenarioRequest{
				Specs: "openspec/specs", Changes: "openspec/changes", Change: "extend", Capability: "compiler",
				Requirement: tc.requirement, Heading: tc.heading, Version: "0.1.0", TestType: "shell",
			})
			require.NoError(t, err)
			for _, op := range ops {
				p := filepath.Join(*dir, filepath.FromSlash(op.Path))
				require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
				require.NoError(t, os.WriteFile(p, op.Data, 0o644))
			}
		}
		args = append(args, archived[i], "extend")
	}
	results := archiveAll(t, node, args)
	for i, tc := range cases {
		t.Run(tc.requirement, func(t *testing.T) {
			res := results[archived[i]]
			require.True(t, res.Archived, "openspec archive refused the delta ah scenario new wrote:\n%s", res.Output)
			overlay := scopeOf(t, originals[i], "extend")
			for _, f := range overlay.Findings {
				assert.NotEqual(t, finding.OverlayConflict, f.Kind, f.Message)
			}
			assert.Equal(t, unitIDs(scopeOf(t, archived[i], "")), unitIDs(overlay), "scenario ids per capability")
		})
	}
}
