//go:build unix

package osfs_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/infra/osfs"
)

// TestUpdateRemovesStaleTemps: a writer killed between creating its
// temporary file and renaming it (kill -9 during `ah doctor --enable`)
// left the file behind for good. The next Update removes it, and never a
// live writer's file or one whose owner it cannot tell.
func TestUpdateRemovesStaleTemps(t *testing.T) {
	dead := exec.Command("true")
	require.NoError(t, dead.Run())
	deadPID, livePID := dead.Process.Pid, os.Getppid()

	root := t.TempDir()
	dir := filepath.Join(root, ".espectacular")
	require.NoError(t, os.Mkdir(dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "config.toml"), []byte("a\n"), 0o644))
	stale := fmt.Sprintf(".config.toml.ah-tmp-%d-123", deadPID)
	live := fmt.Sprintf(".config.toml.ah-tmp-%d-456", livePID)
	legacy := ".config.toml.ah-tmp-789"
	for _, name := range []string{stale, live, legacy} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte("partial"), 0o600))
	}

	err := osfs.New(root).Update(t.Context(), ".espectacular/config.toml", func(old []byte) ([]byte, error) {
		return append(old, "b\n"...), nil
	})
	require.NoError(t, err)
	assert.ElementsMatch(t, []string{legacy, live, "config.toml"}, names(t, dir), "only the dead writer's file is gone")
}

// TestWritesRemoveStaleTemps: kill -9 during ah archive, contract new,
// scenario supersede or sync left `.<name>.ah-tmp-<pid>-<n>` files in the
// directory written that no later run removed. Every write (WriteFile,
// CreateFile) removes the dead writers' files in the directory it writes,
// under that directory's lock, and leaves a live writer's alone.
func TestWritesRemoveStaleTemps(t *testing.T) {
	dead := exec.Command("true")
	require.NoError(t, dead.Run())
	deadPID, livePID := dead.Process.Pid, os.Getppid()
	for _, op := range []string{"WriteFile", "CreateFile"} {
		t.Run(op, func(t *testing.T) {
			root := t.TempDir()
			dir := filepath.Join(root, ".espectacular", "cap")
			require.NoError(t, os.MkdirAll(dir, 0o755))
			stale := fmt.Sprintf(".a.toml.ah-tmp-%d-123", deadPID)
			live := fmt.Sprintf(".b.toml.ah-tmp-%d-456", livePID)
			for _, name := range []string{stale, live} {
				require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte("partial"), 0o600))
			}
			w := osfs.New(root)
			var err error
			if op == "WriteFile" {
				err = w.WriteFile(t.Context(), ".espectacular/cap/c.toml", []byte("x"), 0o644)
			} else {
				err = w.CreateFile(t.Context(), ".espectacular/cap/c.toml", []byte("x"), 0o644)
			}
			require.NoError(t, err)
			assert.ElementsMatch(t, []string{live, "c.toml"}, names(t, dir))
		})
	}
}

// TestSweepRemovesStaleTempsBelowDir: a command that ends up writing
// nothing (a refusal, nothing missing) never removed the litter of the run
// killed before it. Sweep removes the dead writers' files in dir and in
// every directory below it, and leaves a live writer's, an older ah's
// (no pid), files outside dir and a missing dir alone.
func TestSweepRemovesStaleTempsBelowDir(t *testing.T) {
	dead := exec.Command("true")
	require.NoError(t, dead.Run())
	deadPID, livePID := dead.Process.Pid, os.Getppid()
	root := t.TempDir()
	stale := fmt.Sprintf(".a.toml.ah-tmp-%d-1", deadPID)
	live := fmt.Sprintf(".b.toml.ah-tmp-%d-2", livePID)
	legacy := ".c.toml.ah-tmp-3"
	dirs := []string{".espectacular", ".espectacular/cap", ".espectacular/changes/v2/cap", "outside"}
	for _, d := range dirs {
		require.NoError(t, os.MkdirAll(filepath.Join(root, d), 0o755))
		for _, name := range []string{stale, live, legacy} {
			require.NoError(t, os.WriteFile(filepath.Join(root, d, name), []byte("partial"), 0o600))
		}
	}
	w := osfs.New(root)
	require.NoError(t, w.Sweep(t.Context(), ".espectacular"))
	require.NoError(t, w.Sweep(t.Context(), "missing"))
	for _, d := range dirs[:3] {
		assert.ElementsMatch(t, []string{live, legacy}, filesIn(t, filepath.Join(root, d)), d)
	}
	assert.ElementsMatch(t, []string{stale, live, legacy}, filesIn(t, filepath.Join(root, "outside")))
}

// filesIn lists the regular files of dir.
func filesIn(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var out []string
	for _, e := range entries {
		if e.Type().IsRegular() {
			out = append(out, e.Name())
		}
	}
	return out
}
