package overlay_test

import (
	"io/fs"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/overlay"
)

// Staged paths ah will not read are listed, never dropped: a link leaving
// the repository, and a link that may lead to a contract; hidden names
// and other files stay ignored.
func TestLoadListsRefusedStagedPaths(t *testing.T) {
	link := func(target string) *fstest.MapFile {
		return &fstest.MapFile{Mode: fs.ModeSymlink, Data: []byte(target)}
	}
	fsys := fstest.MapFS{
		"openspec/changes/c/specs/p/spec.md":     {Data: []byte("## ADDED Requirements\n\n### Requirement: R\nx\n\n#### Scenario: One\n- **THEN** one\n")},
		".espectacular/changes/c/p/one.toml":     {Data: []byte("id = \"one\"\n")},
		".espectacular/changes/c/p/out.toml":     link("../../../../../elsewhere/x.toml"),
		".espectacular/changes/c/p/abs.toml":     link("/etc/x.toml"),
		".espectacular/changes/c/p/dirlink":      link("../../../../../elsewhere"),
		".espectacular/changes/c/p/.hidden.toml": link("../../../../../elsewhere/x.toml"),
		".espectacular/changes/c/p/notes.md":     link("../../../../../elsewhere/x.md"),
	}
	changes, err := overlay.Load(fsys, "openspec/changes", 1<<20, []string{"c"})
	require.NoError(t, err)
	require.Len(t, changes, 1)
	var refused []string
	for _, r := range changes[0].Refused {
		refused = append(refused, r.Path)
	}
	assert.Equal(t, []string{".espectacular/changes/c/p/abs.toml", ".espectacular/changes/c/p/dirlink", ".espectacular/changes/c/p/out.toml"}, refused)
	assert.Equal(t, []string{".espectacular/changes/c/p/one.toml"}, changes[0].StagedPaths)
	assert.Equal(t, map[string]string{"p/one": ".espectacular/changes/c/p/one.toml"}, changes[0].Staged)
}
