package portstest

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/ports"
)

// RunWriterContract checks what every ports.Writer must do, against the
// fake and the real implementation alike. newWriter returns a writer over
// an empty root and a view of the same root to read the result from.
func RunWriterContract(t *testing.T, newWriter func(t *testing.T) (ports.Writer, fs.FS)) {
	t.Helper()

	read := func(t *testing.T, fsys fs.FS, name string) (string, fs.FileMode) {
		t.Helper()
		data, err := fs.ReadFile(fsys, name)
		require.NoError(t, err)
		fi, err := fs.Stat(fsys, name)
		require.NoError(t, err)
		return string(data), fi.Mode().Perm()
	}
	// only lists the entries of dir: an atomic write leaves no temporary
	// file behind, whatever happened.
	only := func(t *testing.T, fsys fs.FS, dir string, want ...string) {
		t.Helper()
		entries, err := fs.ReadDir(fsys, dir)
		require.NoError(t, err)
		var got []string
		for _, e := range entries {
			got = append(got, e.Name())
		}
		assert.Equal(t, want, got, "entries of %s", dir)
	}

	t.Run("WriteFileCreatesParentsWithPerm", func(t *testing.T) {
		w, fsys := newWriter(t)
		require.NoError(t, w.WriteFile(t.Context(), "a/b/c.toml", []byte("x = 1\n"), 0o640))
		data, perm := read(t, fsys, "a/b/c.toml")
		assert.Equal(t, "x = 1\n", data)
		assert.Equal(t, fs.FileMode(0o640), perm)
		only(t, fsys, "a/b", "c.toml")
	})

	t.Run("WriteFileReplacesWhole", func(t *testing.T) {
		w, fsys := newWriter(t)
		require.NoError(t, w.WriteFile(t.Context(), "f", []byte("a long first version\n"), 0o644))
		require.NoError(t, w.WriteFile(t.Context(), "f", []byte("short\n"), 0o600))
		data, perm := read(t, fsys, "f")
		assert.Equal(t, "short\n", data, "no tail of the old content")
		assert.Equal(t, fs.FileMode(0o644), perm, "a replaced file keeps its mode")
		only(t, fsys, ".", "f")
	})

	t.Run("InvalidNamesRefused", func(t *testing.T) {
		for _, name := range []string{"", ".", "../escape", "/abs", "a/../../b"} {
			w, fsys := newWriter(t)
			require.Error(t, w.WriteFile(t.Context(), name, []byte("x"), 0o644), "WriteFile(%q)", name)
			require.Error(t, w.Update(t.Context(), name, func([]byte) ([]byte, error) { return []byte("x"), nil }), "Update(%q)", name)
			only(t, fsys, ".")
		}
	})

	t.Run("CanceledContextWritesNothing", func(t *testing.T) {
		w, fsys := newWriter(t)
		require.NoError(t, w.WriteFile(t.Context(), "f", []byte("old\n"), 0o644))
		ctx, cancel := context.WithCancel(t.Context())
		cancel()
		require.ErrorIs(t, w.WriteFile(ctx, "g", []byte("x"), 0o644), context.Canceled)
		require.ErrorIs(t, w.Update(ctx, "f", func([]byte) ([]byte, error) { return []byte("new\n"), nil }), context.Canceled)
		data, _ := read(t, fsys, "f")
		assert.Equal(t, "old\n", data)
		only(t, fsys, ".", "f")
	})

	t.Run("CreateFileNeverReplaces", func(t *testing.T) {
		w, fsys := newWriter(t)
		c, ok := w.(ports.Creator)
		if !ok {
			t.Skip("not a ports.Creator")
		}
		require.NoError(t, c.CreateFile(t.Context(), "d/new", []byte("created\n"), 0o640))
		data, perm := read(t, fsys, "d/new")
		assert.Equal(t, "created\n", data)
		assert.Equal(t, fs.FileMode(0o640), perm)
		require.NoError(t, w.WriteFile(t.Context(), "d/theirs", []byte("a person's\n"), 0o600))
		err := c.CreateFile(t.Context(), "d/theirs", []byte("stub\n"), 0o644)
		require.ErrorIs(t, err, fs.ErrExist)
		data, perm = read(t, fsys, "d/theirs")
		assert.Equal(t, "a person's\n", data, "never replaced")
		assert.Equal(t, fs.FileMode(0o600), perm)
		only(t, fsys, "d", "new", "theirs")
	})

	t.Run("UpdateEditsKeepingPerm", func(t *testing.T) {
		w, fsys := newWriter(t)
		require.NoError(t, w.WriteFile(t.Context(), "d/f", []byte("one\n"), 0o640))
		require.NoError(t, w.Update(t.Context(), "d/f", func(old []byte) ([]byte, error) {
			assert.Equal(t, "one\n", string(old))
			return append(old, "two\n"...), nil
		}))
		data, perm := read(t, fsys, "d/f")
		assert.Equal(t, "one\ntwo\n", data)
		assert.Equal(t, fs.FileMode(0o640), perm)
		only(t, fsys, "d", "f")
	})

	t.Run("UpdateNilDataLeavesFile", func(t *testing.T) {
		w, fsys := newWriter(t)
		require.NoError(t, w.WriteFile(t.Context(), "f", []byte("same\n"), 0o644))
		require.NoError(t, w.Update(t.Context(), "f", func([]byte) ([]byte, error) { return nil, nil }))
		data, _ := read(t, fsys, "f")
		assert.Equal(t, "same\n", data)
	})

	t.Run("UpdateEditErrorUnwrappedAndNothingWritten", func(t *testing.T) {
		w, fsys := newWriter(t)
		require.NoError(t, w.WriteFile(t.Context(), "f", []byte("kept\n"), 0o644))
		boom := errors.New("edit refused")
		err := w.Update(t.Context(), "f", func([]byte) ([]byte, error) { return []byte("lost\n"), boom })
		assert.Same(t, boom, err, "the edit's error is returned as is")
		data, _ := read(t, fsys, "f")
		assert.Equal(t, "kept\n", data)
		only(t, fsys, ".", "f")
	})

	t.Run("UpdateMissingFileIsNotExist", func(t *testing.T) {
		w, fsys := newWriter(t)
		called := false
		err := w.Update(t.Context(), "missing", func([]byte) ([]byte, error) { called = true; return []byte("x"), nil })
		require.ErrorIs(t, err, fs.ErrNotExist)
		assert.False(t, called, "nothing to edit")
		only(t, fsys, ".")
	})

	t.Run("ConcurrentUpdatesKeepEveryEdit", func(t *testing.T) {
		w, fsys := newWriter(t)
		require.NoError(t, w.WriteFile(t.Context(), "d/f", []byte("start\n"), 0o644))
		const n = 8
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() {
				assert.NoError(t, w.Update(t.Context(), "d/f", func(old []byte) ([]byte, error) {
					return fmt.Appendf(old, "line %d\n", i), nil
				}))
			})
		}
		wg.Wait()
		data, _ := read(t, fsys, "d/f")
		assert.Equal(t, n+1, strings.Count(data, "\n"), "every edit kept:\n%s", data)
		only(t, fsys, "d", "f")
	})
}
