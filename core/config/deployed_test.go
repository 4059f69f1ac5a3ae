package config_test

import (
	"io/fs"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/config"
)

// TestDeployedContracts: every .toml under .espectacular but the config,
// hidden names, change overlays and state, sorted; a linked capability
// counts, a link leaving the repository is refused; no .espectacular, none.
func TestDeployedContracts(t *testing.T) {
	toml := &fstest.MapFile{Data: []byte("id = \"x\"\n")}
	repo := fstest.MapFS{
		".espectacular/config.toml":        toml,
		".espectacular/b/y.toml":           toml,
		".espectacular/a/x.toml":           toml,
		".espectacular/a/.#x.toml":         toml,
		".espectacular/a/notes.md":         toml,
		".espectacular/.cache/z.toml":      toml,
		".espectacular/changes/c/a/x.toml": toml,
		".espectacular/state/a/x.toml":     toml,
		".espectacular/top.toml":           toml,
		".espectacular/linked":             &fstest.MapFile{Data: []byte("../shared"), Mode: fs.ModeSymlink},
		".espectacular/away.toml":          &fstest.MapFile{Data: []byte("../../out.toml"), Mode: fs.ModeSymlink},
		"shared/w.toml":                    toml,
	}
	paths, refused, err := config.DeployedContracts(repo)
	require.NoError(t, err)
	assert.Equal(t, []string{".espectacular/a/x.toml", ".espectacular/b/y.toml", ".espectacular/linked/w.toml", ".espectacular/top.toml"}, paths)
	require.Len(t, refused, 1)
	assert.Equal(t, ".espectacular/away.toml", refused[0].Path)

	paths, refused, err = config.DeployedContracts(fstest.MapFS{"README.md": toml})
	require.NoError(t, err)
	assert.Empty(t, paths)
	assert.Empty(t, refused)
}
