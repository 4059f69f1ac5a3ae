//go:build unix

package osfs_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/infra/osfs"
)

// TestDirFSRefusesNonRegular: a named pipe blocked ah forever in open(2)
// and /dev/zero would be read forever; both are refused, naming the file,
// while regular files, directories and links to them read as with os.DirFS.
func TestDirFSRefusesNonRegular(t *testing.T) {
	root := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(root, "a.md"), []byte("a"), 0o644))
	require.NoError(t, os.Symlink("a.md", filepath.Join(root, "link.md")))
	require.NoError(t, syscall.Mkfifo(filepath.Join(root, "pipe.md"), 0o644))
	require.NoError(t, os.Symlink("/dev/zero", filepath.Join(root, "zero.md")))
	fsys := osfs.DirFS(root)

	for _, name := range []string{"a.md", "link.md"} {
		data, err := fs.ReadFile(fsys, name)
		require.NoError(t, err, name)
		assert.Equal(t, "a", string(data))
	}
	for _, name := range []string{"pipe.md", "zero.md"} {
		_, err := fs.ReadFile(fsys, name)
		require.ErrorIs(t, err, osfs.ErrNotRegular, name)
		assert.ErrorContains(t, err, name)
		_, err = fsys.Open(name)
		require.ErrorIs(t, err, osfs.ErrNotRegular, name)
	}
	entries, err := fs.ReadDir(fsys, ".")
	require.NoError(t, err)
	assert.Len(t, entries, 4)
	_, err = fs.ReadFile(fsys, "missing.md")
	assert.ErrorIs(t, err, fs.ErrNotExist)
	require.NoError(t, fs.WalkDir(fsys, ".", func(string, fs.DirEntry, error) error { return nil }))
}
