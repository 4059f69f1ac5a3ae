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
