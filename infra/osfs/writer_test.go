package osfs_test

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/infra/osfs"
)

func TestWriteFile(t *testing.T) {
	tests := []struct {
		name     string
		existing map[string]string // files present before the write
		file     string
		perm     fs.FileMode
		keep     fs.FileMode // the existing files' mode, which a replace keeps
	}{
		{name: "new file", file: "a.txt", perm: 0o644},
		{name: "parent directories created", file: "openspec/changes/x/spec.toml", perm: 0o600},
		{name: "replaces content, keeps perm", existing: map[string]string{"a.txt": "old, longer content"}, file: "a.txt", perm: 0o644, keep: 0o400},
		{name: "executable", file: "bin/run", perm: 0o755},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			for name, content := range tt.existing {
				require.NoError(t, os.WriteFile(filepath.Join(root, name), []byte(content), 0o666))
				require.NoError(t, os.Chmod(filepath.Join(root, name), tt.keep))
			}
			err := osfs.New(root).WriteFile(t.Context(), tt.file, []byte("new"), tt.perm)
			want := tt.perm
			if tt.keep != 0 {
				want = tt.keep
			}
			require.NoError(t, err)

			path := filepath.Join(root, filepath.FromSlash(tt.file))
			got, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.Equal(t, "new", string(got))
			if runtime.GOOS != "windows" {
				info, err := os.Stat(path)
				require.NoError(t, err)
				assert.Equal(t, want, info.Mode().Perm())
			}
			assert.Equal(t, []string{filepath.Base(path)}, names(t, filepath.Dir(path)), "no temporary file left behind")
		})
	}
}

func TestWriteFileRejectsEscape(t *testing.T) {
	for _, name := range []string{"", ".", "/etc/passwd", "../x", "a/../../x", "a/../b", "a//b", "a/", `..\x`} {
		t.Run(name, func(t *testing.T) {
			root := filepath.Join(t.TempDir(), "root")
			require.NoError(t, os.Mkdir(root, 0o755))
			err := osfs.New(root).WriteFile(t.Context(), name, []byte("x"), 0o644)
			if runtime.GOOS != "windows" && name == `..\x` {
				// A backslash is an ordinary character outside Windows.
				require.NoError(t, err)
				return
			}
			require.ErrorIs(t, err, osfs.ErrInvalidName)
			assert.Contains(t, err.Error(), "inside the root")
			assert.Equal(t, []string{"root"}, names(t, filepath.Dir(root)), "nothing written next to root")
			assert.Empty(t, names(t, root))
		})
	}
}

func TestWriteFileRejectsSymlinkEscape(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symlinks need privileges on Windows")
	}
	root, outside := t.TempDir(), t.TempDir()
	require.NoError(t, os.Symlink(outside, filepath.Join(root, "link")))

	err := osfs.New(root).WriteFile(t.Context(), "link/x", []byte("x"), 0o644)
	require.Error(t, err)
	assert.Empty(t, names(t, outside))
}

func TestWriteFileCanceled(t *testing.T) {
	root := t.TempDir()
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	err := osfs.New(root).WriteFile(ctx, "a.txt", []byte("x"), 0o644)
	require.ErrorIs(t, err, context.Canceled)
	assert.Empty(t, names(t, root))
}

func TestWriteFileFailureLeavesNoTemp(t *testing.T) {
	root := t.TempDir()
	// A directory where the file should go makes the final rename fail.
	require.NoError(t, os.Mkdir(filepath.Join(root, "a.txt"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(root, "a.txt", "keep"), nil, 0o644))

	err := osfs.New(root).WriteFile(t.Context(), "a.txt", []byte("x"), 0o644)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "write a.txt in "+root)
	assert.Equal(t, []string{"a.txt"}, names(t, root))
}

func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

// TestWriteFileErrorInPlainWords: a failed write says which step failed
// and why, without the system call's name ("renameat") or the temporary
// file's.
func TestWriteFileErrorInPlainWords(t *testing.T) {
	root := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(root, "d", "inner"), 0o755))
	err := osfs.New(root).WriteFile(t.Context(), "d", []byte("x"), 0o644)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "write d in "+root+": could not replace it with the new version: ")
	assert.NotContains(t, err.Error(), "renameat")
	assert.NotContains(t, err.Error(), "ah-tmp")
}
