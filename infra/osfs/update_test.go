package osfs_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/infra/osfs"
)

// TestUpdateConcurrent: concurrent read-edit-write cycles of one file each
// keep every other's change (two `ah doctor --enable` runs lost one of the
// two capabilities), and leave no temporary file.
func TestUpdateConcurrent(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no flock on Windows")
	}
	root := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(root, "d"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(root, "d", "f"), []byte("start\n"), 0o640))
	const n = 16
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			err := osfs.New(root).Update(t.Context(), "d/f", func(old []byte) ([]byte, error) {
				return fmt.Appendf(old, "line %d\n", i), nil
			})
			assert.NoError(t, err)
		})
	}
	wg.Wait()
	got, err := os.ReadFile(filepath.Join(root, "d", "f"))
	require.NoError(t, err)
	assert.Equal(t, n+1, strings.Count(string(got), "\n"), "every edit kept:\n%s", got)
	for i := range n {
		assert.Contains(t, string(got), fmt.Sprintf("line %d\n", i))
	}
	assert.Equal(t, []string{"f"}, names(t, filepath.Join(root, "d")), "no temporary file left behind")
	fi, err := os.Stat(filepath.Join(root, "d", "f"))
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o640), fi.Mode().Perm(), "permissions kept")
}

// TestUpdateFollowsSymlink: a config that is a link to a shared file is
// edited through the link; the link stays a link.
func TestUpdateFollowsSymlink(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symlinks need privileges on Windows")
	}
	root := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(root, "shared"), 0o755))
	require.NoError(t, os.MkdirAll(filepath.Join(root, "d"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(root, "shared", "f"), []byte("a\n"), 0o600))
	require.NoError(t, os.Symlink("../shared/f", filepath.Join(root, "d", "f")))

	err := osfs.New(root).Update(t.Context(), "d/f", func(old []byte) ([]byte, error) { return append(old, "b\n"...), nil })
	require.NoError(t, err)
	got, err := os.ReadFile(filepath.Join(root, "shared", "f"))
	require.NoError(t, err)
	assert.Equal(t, "a\nb\n", string(got))
	dest, err := os.Readlink(filepath.Join(root, "d", "f"))
	require.NoError(t, err, "still a link")
	assert.Equal(t, "../shared/f", dest)
	assert.Equal(t, []string{"f"}, names(t, filepath.Join(root, "shared")))
}

func TestUpdateRefusesLinkOutsideRoot(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symlinks need privileges on Windows")
	}
	root, outside := t.TempDir(), t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(outside, "f"), []byte("a\n"), 0o644))
	require.NoError(t, os.Symlink(filepath.Join(outside, "f"), filepath.Join(root, "f")))

	err := osfs.New(root).Update(t.Context(), "f", func(old []byte) ([]byte, error) { return []byte("x"), nil })
	require.ErrorContains(t, err, "outside the repository")
	got, _ := os.ReadFile(filepath.Join(outside, "f"))
	assert.Equal(t, "a\n", string(got))
}

func TestUpdateNoChangeAndEditError(t *testing.T) {
	root := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(root, "f"), []byte("a"), 0o644))
	w := osfs.New(root)
	require.NoError(t, w.Update(t.Context(), "f", func([]byte) ([]byte, error) { return nil, nil }))
	boom := errors.New("boom")
	require.ErrorIs(t, w.Update(t.Context(), "f", func([]byte) ([]byte, error) { return nil, boom }), boom)
	got, _ := os.ReadFile(filepath.Join(root, "f"))
	assert.Equal(t, "a", string(got))
	assert.Equal(t, []string{"f"}, names(t, root))
	require.ErrorContains(t, w.Update(t.Context(), "missing", func(b []byte) ([]byte, error) { return b, nil }), "read missing: no such file or directory")
	require.ErrorIs(t, w.Update(t.Context(), "../x", func(b []byte) ([]byte, error) { return b, nil }), osfs.ErrInvalidName)
}

func TestUpdateFollowsAbsoluteSymlinkInsideRoot(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symlinks need privileges on Windows")
	}
	root := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(root, "shared"), []byte("a\n"), 0o644))
	require.NoError(t, os.Symlink(filepath.Join(root, "shared"), filepath.Join(root, "f")))

	err := osfs.New(root).Update(t.Context(), "f", func(old []byte) ([]byte, error) { return append(old, "b\n"...), nil })
	require.NoError(t, err)
	got, _ := os.ReadFile(filepath.Join(root, "shared"))
	assert.Equal(t, "a\nb\n", string(got))
	_, err = os.Readlink(filepath.Join(root, "f"))
	require.NoError(t, err, "still a link")
}
