package portstest

import (
	"context"
	"io/fs"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/ports"
)

// RunScratchContract checks what every ports.Scratch must do, against the
// fake and the real implementation alike.
func RunScratchContract(t *testing.T, newScratch func(t *testing.T) ports.Scratch) {
	t.Helper()

	t.Run("WriteThenRead", func(t *testing.T) {
		s := newScratch(t)
		dir, err := s.MkdirTemp(t.Context())
		require.NoError(t, err)
		require.NoError(t, s.WriteFile(dir+"/report.json", []byte("{}")))
		got, err := s.ReadFile(dir + "/report.json")
		require.NoError(t, err)
		assert.Equal(t, "{}", string(got))
		require.NoError(t, s.RemoveAll(dir))
	})

	t.Run("DirectoriesAreDistinct", func(t *testing.T) {
		s := newScratch(t)
		a, err := s.MkdirTemp(t.Context())
		require.NoError(t, err)
		b, err := s.MkdirTemp(t.Context())
		require.NoError(t, err)
		assert.NotEqual(t, a, b)
		require.NoError(t, s.RemoveAll(a))
		require.NoError(t, s.RemoveAll(b))
	})

	t.Run("MissingFileIsNotExist", func(t *testing.T) {
		s := newScratch(t)
		dir, err := s.MkdirTemp(t.Context())
		require.NoError(t, err)
		_, err = s.ReadFile(dir + "/never-written")
		require.ErrorIs(t, err, fs.ErrNotExist)
		require.NoError(t, s.RemoveAll(dir))
	})

	t.Run("RemoveAllRemovesFiles", func(t *testing.T) {
		s := newScratch(t)
		dir, err := s.MkdirTemp(t.Context())
		require.NoError(t, err)
		require.NoError(t, s.WriteFile(dir+"/f", []byte("x")))
		require.NoError(t, s.RemoveAll(dir))
		_, err = s.ReadFile(dir + "/f")
		require.ErrorIs(t, err, fs.ErrNotExist)
		require.NoError(t, s.RemoveAll(dir), "removing twice is not an error")
	})

	t.Run("CanceledContext", func(t *testing.T) {
		ctx, cancel := context.WithCancel(t.Context())
		cancel()
		_, err := newScratch(t).MkdirTemp(ctx)
		require.Error(t, err)
	})
}
