package osfs

import (
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOpenFast: the openat2 path opens regular files and directories below
// the root, through links that stay below it, and declines (nil: the
// portable path decides and words the refusal) everything os.Root would
// refuse or that must never be opened: a named pipe, a link leaving the
// root, an absolute link, a path with "..".
func TestOpenFast(t *testing.T) {
	root := t.TempDir()
	outside := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(root, "a"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(root, "a", "c.toml"), []byte("id = 1\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(outside, "secret"), []byte("x"), 0o644))
	require.NoError(t, syscall.Mkfifo(filepath.Join(root, "a", "pipe"), 0o644))
	require.NoError(t, os.Symlink("c.toml", filepath.Join(root, "a", "inside")))
	require.NoError(t, os.Symlink("../../"+filepath.Base(outside)+"/secret", filepath.Join(root, "a", "escape")))
	require.NoError(t, os.Symlink(filepath.Join(root, "a", "c.toml"), filepath.Join(root, "a", "absolute")))
	r := openFastRoot(root)
	require.True(t, r.ok)
	if f := r.openFast("a/c.toml"); f == nil && noOpenat2.Load() {
		t.Skip("openat2 is not available here (kernel before 5.6 or a seccomp filter): every open takes os.Root's path")
	} else if f != nil {
		f.Close()
	}
	if f := r.openFast("a/c.toml"); assert.NotNil(t, f) {
		data, err := io.ReadAll(f)
		require.NoError(t, err)
		assert.Equal(t, "id = 1\n", string(data))
		fi, err := f.Stat()
		require.NoError(t, err)
		assert.Equal(t, int64(7), fi.Size())
		assert.True(t, fi.Mode().IsRegular())
		assert.Equal(t, "c.toml", fi.Name())
		assert.NoError(t, f.Close())
	}
	if f := r.openFast("a/inside"); assert.NotNil(t, f) {
		f.Close()
	}
	if f := r.openFast("a"); assert.NotNil(t, f) {
		fi, err := f.Stat()
		require.NoError(t, err)
		assert.True(t, fi.IsDir())
		f.Close()
	}
	for _, name := range []string{"a/pipe", "a/escape", "a/absolute", "a/../a/c.toml", "/a/c.toml", "a/missing"} {
		assert.Nil(t, r.openFast(name), name)
	}
	assert.Nil(t, fastRoot{}.openFast("a/c.toml"), "the zero value has no root")
}

// TestReadDirFast: the fast listing has os.Root's names, order and types,
// and an entry's Info is read below the root, whatever the working
// directory; a file, a link leaving the root or a missing path is left to
// the portable path.
func TestReadDirFast(t *testing.T) {
	root := t.TempDir()
	outside := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(root, "d", "sub"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(root, "d", "b.toml"), []byte("id = 1\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(root, "d", "a.toml"), []byte("x"), 0o644))
	require.NoError(t, os.Symlink("b.toml", filepath.Join(root, "d", "link")))
	require.NoError(t, os.Symlink("../../"+filepath.Base(outside), filepath.Join(root, "escape")))
	r := openFastRoot(root)
	osRoot, err := os.OpenRoot(root)
	require.NoError(t, err)
	defer osRoot.Close()
	rfs := osRoot.FS().(rootFS)
	got, ok := r.readDir("d", rfs.Lstat)
	if !ok && noOpenat2.Load() {
		t.Skip("openat2 is not available here")
	}
	require.True(t, ok)
	want, err := rfs.ReadDir("d")
	require.NoError(t, err)
	require.Len(t, got, len(want))
	t.Chdir(outside) // Info must not be relative to the working directory
	for i := range want {
		assert.Equal(t, want[i].Name(), got[i].Name())
		assert.Equal(t, want[i].Type(), got[i].Type(), want[i].Name())
		fi, err := got[i].Info()
		require.NoError(t, err, want[i].Name())
		wi, _ := want[i].Info()
		assert.Equal(t, wi.Size(), fi.Size(), want[i].Name())
		assert.Equal(t, wi.Mode(), fi.Mode(), want[i].Name())
	}
	for _, name := range []string{"d/b.toml", "escape", "missing", "d/../d"} {
		_, ok := r.readDir(name, rfs.Lstat)
		assert.False(t, ok, name)
	}
}
