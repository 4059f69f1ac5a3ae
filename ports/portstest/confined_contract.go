package portstest

import (
	"io/fs"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/ports"
)

// ConfinedLayout is the tree a RunConfinedFSContract root must hold:
// "in/a" (content "a"), "dir-link" linking to "in", and three links
// leaving the root: "abs" (an absolute link to a file outside), "rel" (a
// relative ../ link to the same file) and "out-dir" (a link to the
// directory outside holding "secret").
const ConfinedLayout = "in/a, dir-link -> in, abs -> /outside/secret, rel -> ../outside/secret, out-dir -> /outside"

// RunConfinedFSContract checks what every ports.ConfinedFS must do (issue
// 40): links inside the root resolve, and every path leaving it through a
// link, absolute or climbing out, is refused for reading, stat and listing
// alike. newFS returns the file system over a root laid out as
// ConfinedLayout says.
func RunConfinedFSContract(t *testing.T, newFS func(t *testing.T) ports.ConfinedFS) {
	t.Helper()
	t.Run("LinksInsideResolve", func(t *testing.T) {
		fsys := newFS(t)
		data, err := fs.ReadFile(fsys, "dir-link/a")
		require.NoError(t, err)
		assert.Equal(t, "a", string(data))
		entries, err := fs.ReadDir(fsys, "in")
		require.NoError(t, err)
		require.Len(t, entries, 1)
		assert.Equal(t, "a", entries[0].Name())
	})
	t.Run("LinksLeavingTheRootRefused", func(t *testing.T) {
		fsys := newFS(t)
		for _, name := range []string{"abs", "rel", "out-dir/secret"} {
			data, err := fs.ReadFile(fsys, name)
			assert.Error(t, err, "ReadFile(%q)", name)
			assert.Empty(t, data, "nothing of %q is read", name)
			_, err = fs.Stat(fsys, name)
			assert.Error(t, err, "Stat(%q)", name)
		}
		_, err := fs.ReadDir(fsys, "out-dir")
		assert.Error(t, err, "ReadDir(out-dir)")
	})
	t.Run("InvalidNamesRefused", func(t *testing.T) {
		fsys := newFS(t)
		for _, name := range []string{"../in/a", "/in/a", "in/../../x"} {
			_, err := fsys.Open(name)
			assert.Error(t, err, "Open(%q)", name)
		}
	})
}
