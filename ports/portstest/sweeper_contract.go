package portstest

import (
	"context"
	"io/fs"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/ports"
)

// SweepSetup is one implementation of ports.Sweeper under test, over an
// empty root: Litter leaves in dir the temporary file of a writer that
// died (dead) or is still running, and returns its name; Files lists the
// names of the regular files of dir.
type SweepSetup struct {
	Sweeper ports.Sweeper
	Writer  ports.Writer
	FS      fs.FS
	Litter  func(t *testing.T, dir string, dead bool) string
}

// RunSweeperContract checks what every ports.Sweeper must do (issue 40):
// a dead writer's temporary files go, in dir and below, never a live
// writer's, a person's file, or anything outside dir; a missing dir is no
// error; a cancelled context is.
func RunSweeperContract(t *testing.T, setup func(t *testing.T) SweepSetup) {
	t.Helper()
	names := func(t *testing.T, fsys fs.FS, dir string) []string {
		t.Helper()
		entries, err := fs.ReadDir(fsys, dir)
		require.NoError(t, err)
		var out []string
		for _, e := range entries {
			if e.Type().IsRegular() {
				out = append(out, e.Name())
			}
		}
		return out
	}
	t.Run("DeadWritersLitterGoesBelowDirOnly", func(t *testing.T) {
		s := setup(t)
		dirs := []string{"top", "top/cap", "top/changes/v2/cap", "outside"}
		want := map[string][]string{}
		for _, d := range dirs {
			require.NoError(t, s.Writer.WriteFile(t.Context(), d+"/mine.toml", []byte("a person's\n"), 0o644))
			dead, live := s.Litter(t, d, true), s.Litter(t, d, false)
			want[d] = []string{"mine.toml", live}
			if d == "outside" {
				want[d] = append(want[d], dead)
			}
		}
		require.NoError(t, s.Sweeper.Sweep(t.Context(), "top"))
		for _, d := range dirs {
			assert.ElementsMatch(t, want[d], names(t, s.FS, d), d)
		}
	})
	t.Run("MissingDirIsNoError", func(t *testing.T) {
		s := setup(t)
		require.NoError(t, s.Sweeper.Sweep(t.Context(), "missing"))
	})
	t.Run("CanceledContext", func(t *testing.T) {
		s := setup(t)
		require.NoError(t, s.Writer.WriteFile(t.Context(), "top/mine.toml", []byte("x"), 0o644))
		dead := s.Litter(t, "top", true)
		ctx, cancel := context.WithCancel(t.Context())
		cancel()
		require.ErrorIs(t, s.Sweeper.Sweep(ctx, "top"), context.Canceled)
		assert.Contains(t, names(t, s.FS, "top"), dead, "nothing swept once cancelled")
	})
}
