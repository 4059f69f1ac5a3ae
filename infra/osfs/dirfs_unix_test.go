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
	require.NoError(t, os.Symlink("pipe.md", filepath.Join(root, "pipe-link.md")))
	fsys := osfs.DirFS(root)

	for _, name := range []string{"a.md", "link.md"} {
		data, err := fs.ReadFile(fsys, name)
		require.NoError(t, err, name)
		assert.Equal(t, "a", string(data))
	}
	for _, name := range []string{"pipe.md", "pipe-link.md"} {
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

// TestDirFSStaysInside: issue 9, item 4: a link leaving the repository,
// relative or absolute, is never followed, whatever reads through the file
// system; one staying inside is.
func TestDirFSStaysInside(t *testing.T) {
	root, outside := confinedLayout(t)
	fsys := osfs.DirFS(root)

	data, err := fs.ReadFile(fsys, "dir-link/a")
	require.NoError(t, err)
	assert.Equal(t, "a", string(data))
	for _, name := range []string{"abs", "rel", "out-dir/secret"} {
		_, err := fs.ReadFile(fsys, name)
		assert.ErrorIs(t, err, osfs.ErrOutsideRoot, name)
		_, err = fs.Stat(fsys, name)
		assert.ErrorIs(t, err, osfs.ErrOutsideRoot, name)
	}
	_, err = fs.ReadDir(fsys, "out-dir")
	assert.ErrorIs(t, err, osfs.ErrOutsideRoot)
	target, err := fsys.(fs.ReadLinkFS).ReadLink("abs")
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(outside, "secret"), target)
}

// confinedLayout builds portstest.ConfinedLayout in a temporary root and
// returns it with the directory outside holding "secret".
func confinedLayout(t *testing.T) (root, outside string) {
	t.Helper()
	outside = t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(outside, "secret"), []byte("SECRET"), 0o644))
	root = t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(root, "in"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(root, "in", "a"), []byte("a"), 0o644))
	require.NoError(t, os.Symlink("in", filepath.Join(root, "dir-link")))
	require.NoError(t, os.Symlink(filepath.Join(outside, "secret"), filepath.Join(root, "abs")))
	rel, err := filepath.Rel(root, filepath.Join(outside, "secret"))
	require.NoError(t, err)
	require.NoError(t, os.Symlink(rel, filepath.Join(root, "rel")))
	require.NoError(t, os.Symlink(outside, filepath.Join(root, "out-dir")))
	return root, outside
}
