package osfs_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/infra/osfs"
)

func TestRemove(t *testing.T) {
	root := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(root, "a", "b"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(root, "a", "b", "c.toml"), []byte("x"), 0o644))
	w := osfs.New(root)

	require.Error(t, w.Remove(t.Context(), "a/b"), "a directory that is not empty stays")
	require.NoError(t, w.Remove(t.Context(), "a/b/c.toml"))
	require.NoError(t, w.Remove(t.Context(), "a/b/c.toml"), "a missing file is not an error")
	require.NoError(t, w.Remove(t.Context(), "a/b"))
	assert.NoDirExists(t, filepath.Join(root, "a", "b"))
	assert.ErrorIs(t, w.Remove(t.Context(), "../outside"), osfs.ErrInvalidName)
}
