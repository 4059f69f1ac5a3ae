//go:build unix

package osfs_test

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/infra/osfs"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

// TestConfinedFSContract runs the ports.ConfinedFS contract on DirFS.
func TestConfinedFSContract(t *testing.T) {
	portstest.RunConfinedFSContract(t, func(t *testing.T) ports.ConfinedFS {
		root, _ := confinedLayout(t)
		fsys, ok := osfs.DirFS(root).(ports.ConfinedFS)
		require.True(t, ok, "DirFS is a ports.ConfinedFS")
		return fsys
	})
}

// TestSweeperContract runs the ports.Sweeper contract on the real writer:
// a dead writer is a process that has exited, a live one this test's
// parent.
func TestSweeperContract(t *testing.T) {
	dead := exec.Command("true")
	require.NoError(t, dead.Run())
	n := 0
	portstest.RunSweeperContract(t, func(t *testing.T) portstest.SweepSetup {
		root := t.TempDir()
		return portstest.SweepSetup{
			Sweeper: osfs.New(root), Writer: osfs.New(root), FS: os.DirFS(root),
			Litter: func(t *testing.T, dir string, isDead bool) string {
				pid := os.Getppid()
				if isDead {
					pid = dead.Process.Pid
				}
				n++
				name := fmt.Sprintf(".c%d.toml.ah-tmp-%d-%d", n, pid, n)
				require.NoError(t, os.MkdirAll(filepath.Join(root, dir), 0o755))
				require.NoError(t, os.WriteFile(filepath.Join(root, dir, name), []byte("partial"), fs.FileMode(0o600)))
				return name
			},
		}
	})
}
