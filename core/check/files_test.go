package check_test

import (
	"io/fs"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/check"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/finding"
)

// TestContractLinkPolicy: issue 9, item 4. A contract linked inside the
// repository is read; one linked outside is one unreadable-path finding
// (not also an orphan or a missing contract) and its tests never run.
func TestContractLinkPolicy(t *testing.T) {
	contract := "id = \"a\"\ndescription = \"d\"\narchetype = \"PF\"\nstatus = \"active\"\nauthored_with = \"0.1.0\"\n[[tests.shell]]\ncommand = \"true\"\n"
	fsys := fstest.MapFS{
		"openspec/specs/cap/spec.md":  {Data: []byte("#### Scenario: A\n#### Scenario: B\n")},
		".espectacular/shared/a.toml": {Data: []byte(contract)},
		".espectacular/cap/a.toml":    {Mode: fs.ModeSymlink, Data: []byte("../shared/a.toml")},
		".espectacular/cap/b.toml":    {Mode: fs.ModeSymlink, Data: []byte("../../../elsewhere/b.toml")},
		".espectacular/stray":         {Mode: fs.ModeSymlink, Data: []byte("/etc")},
	}
	rep, err := check.Run(t.Context(), fsys, config.Config{Specs: "openspec/specs"}, check.Options{})
	require.NoError(t, err)
	var got []string
	for _, f := range rep.Findings {
		got = append(got, string(f.Kind)+" "+f.ContractPath)
	}
	assert.Equal(t, []string{
		"unreadable-path .espectacular/cap/b.toml",
		"orphan-toml .espectacular/shared/a.toml",
		"unreadable-path .espectacular/stray",
	}, got)
	assert.Equal(t, finding.UnreadablePath, rep.Findings[0].Kind)
	assert.Equal(t, "b", rep.Findings[0].Scenario.ID, "reported with its scenario")
}

// TestRunUnclosedBlocks: a block left open hides the scenario headings
// after it; the finding names them and how to close that kind of block.
func TestRunUnclosedBlocks(t *testing.T) {
	tests := []struct {
		name, open, want string
	}{
		{"HTML comment", "<!--", "openspec/specs/gate/spec.md:15: this HTML comment is never closed, so the scenario headings on lines 16, 18 are not scenarios: close it with --> where it ends"},
		{"fence", "```", "openspec/specs/gate/spec.md:15: this code fence is never closed, so the scenario headings on lines 16, 18 are not scenarios: close it with a matching fence line where it ends"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := edit(map[string]string{gatePath: gateSpec + "\n" + tt.open + "\n#### Scenario: Hidden\n\n#### Scenario: Also hidden\n"})
			rep, err := check.Run(t.Context(), mapFS(files), parseConfig(t, files), check.Options{})
			require.NoError(t, err)
			require.Len(t, rep.Findings, 1, "messages: %q", messages(rep.Findings))
			f := rep.Findings[0]
			assert.Equal(t, finding.UnclosedBlock, f.Kind)
			assert.Equal(t, gatePath, f.SpecPath)
			assert.Equal(t, "gate", f.Spec)
			assert.Equal(t, tt.want, f.Message)
		})
	}
}
