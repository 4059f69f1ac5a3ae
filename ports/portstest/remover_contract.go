package portstest

import (
	"context"
	"io/fs"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/ports"
)

// RemoverWriter is a writer that can also remove, as the writers of the
// commands that move files are.
type RemoverWriter interface {
	ports.Writer
	ports.Remover
}

// RunRemoverContract checks what every ports.Remover must do (issue 40):
// a file or an empty directory goes, a missing name is no error, a
// directory with entries and a name leaving the root are refused, and a
// cancelled context removes nothing. newRemover returns a writer over an
// empty root and a view of the same root.
func RunRemoverContract(t *testing.T, newRemover func(t *testing.T) (RemoverWriter, fs.FS)) {
	t.Helper()
	gone := func(t *testing.T, fsys fs.FS, name string) {
		t.Helper()
		_, err := fs.Stat(fsys, name)
		assert.ErrorIs(t, err, fs.ErrNotExist, "%s is gone", name)
	}

	t.Run("RemovesAFileThenItsEmptyDirectory", func(t *testing.T) {
		r, fsys := newRemover(t)
		require.NoError(t, r.WriteFile(t.Context(), "d/f", []byte("x"), 0o644))
		require.NoError(t, r.WriteFile(t.Context(), "d/keep", []byte("y"), 0o644))
		require.NoError(t, r.Remove(t.Context(), "d/f"))
		gone(t, fsys, "d/f")
		data, err := fs.ReadFile(fsys, "d/keep")
		require.NoError(t, err)
		assert.Equal(t, "y", string(data), "a sibling stays")
		require.NoError(t, r.Remove(t.Context(), "d/keep"))
		require.NoError(t, r.Remove(t.Context(), "d"))
		gone(t, fsys, "d")
	})

	t.Run("MissingIsNoError", func(t *testing.T) {
		r, _ := newRemover(t)
		require.NoError(t, r.Remove(t.Context(), "never/was"))
		require.NoError(t, r.WriteFile(t.Context(), "f", []byte("x"), 0o644))
		require.NoError(t, r.Remove(t.Context(), "f"))
		require.NoError(t, r.Remove(t.Context(), "f"), "a second removal")
	})

	t.Run("NonEmptyDirectoryRefused", func(t *testing.T) {
		r, fsys := newRemover(t)
		require.NoError(t, r.WriteFile(t.Context(), "d/f", []byte("x"), 0o644))
		require.Error(t, r.Remove(t.Context(), "d"))
		data, err := fs.ReadFile(fsys, "d/f")
		require.NoError(t, err)
		assert.Equal(t, "x", string(data))
	})

	t.Run("InvalidNamesRefused", func(t *testing.T) {
		for _, name := range []string{"", ".", "../escape", "/abs", "a/../../b"} {
			r, _ := newRemover(t)
			require.Error(t, r.Remove(t.Context(), name), "Remove(%q)", name)
		}
	})

	t.Run("CanceledContextRemovesNothing", func(t *testing.T) {
		r, fsys := newRemover(t)
		require.NoError(t, r.WriteFile(t.Context(), "f", []byte("kept"), 0o644))
		ctx, cancel := context.WithCancel(t.Context())
		cancel()
		require.ErrorIs(t, r.Remove(ctx, "f"), context.Canceled)
		data, err := fs.ReadFile(fsys, "f")
		require.NoError(t, err)
		assert.Equal(t, "kept", string(data))
	})
}
