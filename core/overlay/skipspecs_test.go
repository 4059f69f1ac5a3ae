package overlay_test

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/overlay"
	"github.com/espectacular/ah/core/spec"
)

// TestSkipSpecs: a change whose .openspec.yaml declares skip_specs: true
// has no deltas by design; one carrying a delta spec anyway is an
// overlay-conflict and its delta is not applied (OpenSpec 1.13).
func TestSkipSpecs(t *testing.T) {
	delta := "## ADDED Requirements\n\n### Requirement: B\n\n#### Scenario: New\n- **THEN** new\n"
	tests := []struct {
		name, meta string
		delta      bool
		conflicts  int
		scenarios  int
	}{
		{"marker without deltas", "skip_specs: true\n", false, 0, 1},
		{"marker with a delta", "schema: x\nskip_specs: true # refactor\n", true, 1, 1},
		{"no marker with a delta", "skip_specs: false\n", true, 0, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := fstest.MapFS{
				"openspec/specs/p/spec.md":                   {Data: []byte("# p\n\n### Requirement: A\n\n#### Scenario: Old\n- **THEN** old\n")},
				"openspec/changes/c/proposal.md":             {Data: []byte("# c\n")},
				"openspec/changes/c/" + overlay.MetadataFile: {Data: []byte(tt.meta)},
			}
			if tt.delta {
				fsys["openspec/changes/c/specs/p/spec.md"] = &fstest.MapFile{Data: []byte(delta)}
			}
			deployed, err := spec.Discover(fsys, "openspec/specs")
			require.NoError(t, err)
			changes, err := overlay.Load(fsys, "openspec/changes", 1<<20, []string{"c"})
			require.NoError(t, err)
			res := overlay.Apply(deployed, nil, changes)
			n := 0
			for _, f := range res.Findings {
				if f.Kind == finding.OverlayConflict {
					n++
				}
			}
			assert.Equal(t, tt.conflicts, n)
			if s, ok := res.Scopes["p"]; ok {
				assert.Len(t, s, tt.scenarios)
			} else {
				assert.Equal(t, 1, tt.scenarios)
			}
		})
	}
}
