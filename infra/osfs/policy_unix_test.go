//go:build unix

package osfs_test

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/infra/osfs"
)

// TestWriterPolicyRepository: inside the repository a symbolic link is
// followed (its target replaced, keeping its mode, the link kept), a link
// leading outside is refused, and a FIFO is refused, never replaced nor
// opened.
func TestWriterPolicyRepository(t *testing.T) {
	root := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(root, "real.toml"), []byte("old"), 0o600))
	require.NoError(t, os.Symlink("real.toml", filepath.Join(root, "link.toml")))
	w := osfs.New(root)

	require.NoError(t, w.WriteFile(t.Context(), "link.toml", []byte("new"), 0o644))
	assertLink(t, filepath.Join(root, "link.toml"))
	got, err := os.ReadFile(filepath.Join(root, "real.toml"))
	require.NoError(t, err)
	assert.Equal(t, "new", string(got))
	assertMode(t, filepath.Join(root, "real.toml"), 0o600)

	outside := filepath.Join(t.TempDir(), "outside.toml")
	require.NoError(t, os.WriteFile(outside, []byte("theirs"), 0o644))
	require.NoError(t, os.Symlink(outside, filepath.Join(root, "out.toml")))
	require.ErrorContains(t, w.WriteFile(t.Context(), "out.toml", []byte("x"), 0o644), "outside the repository")
	assertLink(t, filepath.Join(root, "out.toml"))
	got, err = os.ReadFile(outside)
	require.NoError(t, err)
	assert.Equal(t, "theirs", string(got))

	require.NoError(t, syscall.Mkfifo(filepath.Join(root, "pipe.toml"), 0o644))
	require.ErrorIs(t, w.WriteFile(t.Context(), "pipe.toml", []byte("x"), 0o644), osfs.ErrNotRegular)
	assertFIFO(t, filepath.Join(root, "pipe.toml"))
	assert.ElementsMatch(t, []string{"real.toml", "link.toml", "out.toml", "pipe.toml"}, names(t, root), "no temporary file left")
}

// TestWriteUserFile: a file the user named is replaced atomically keeping
// its mode; a link to a regular file (or a dangling one) writes its target
// and stays a link; a FIFO (as /dev/null or >(cmd) would be) is written in
// place and stays a FIFO.
func TestWriteUserFile(t *testing.T) {
	dir := t.TempDir()
	p := func(name string) string { return filepath.Join(dir, name) }

	require.NoError(t, osfs.WriteUserFile(t.Context(), p("new.xml"), []byte("a")))
	assertMode(t, p("new.xml"), 0o644)

	require.NoError(t, os.WriteFile(p("kept.xml"), []byte("a long old report"), 0o600))
	require.NoError(t, osfs.WriteUserFile(t.Context(), p("kept.xml"), []byte("b")))
	assertContent(t, p("kept.xml"), "b")
	assertMode(t, p("kept.xml"), 0o600)

	require.NoError(t, os.Symlink("kept.xml", p("link.xml")))
	require.NoError(t, osfs.WriteUserFile(t.Context(), p("link.xml"), []byte("c")))
	assertLink(t, p("link.xml"))
	assertContent(t, p("kept.xml"), "c")

	require.NoError(t, os.Symlink("sub/../made.xml", p("dangling.xml")))
	require.NoError(t, os.Mkdir(p("sub"), 0o755))
	require.NoError(t, osfs.WriteUserFile(t.Context(), p("dangling.xml"), []byte("d")))
	assertLink(t, p("dangling.xml"))
	assertContent(t, p("made.xml"), "d")

	require.NoError(t, syscall.Mkfifo(p("out.fifo"), 0o644))
	require.NoError(t, os.Symlink("out.fifo", p("fifo-link")))
	for _, name := range []string{"out.fifo", "fifo-link"} {
		read := make(chan string, 1)
		go func() {
			data, _ := os.ReadFile(p("out.fifo"))
			read <- string(data)
		}()
		ctx, cancel := context.WithTimeout(t.Context(), time.Minute) // a hang, not a speed bound
		require.NoError(t, osfs.WriteUserFile(ctx, p(name), []byte("report")))
		cancel()
		assert.Equal(t, "report", <-read, name)
		assertFIFO(t, p("out.fifo"))
	}
	assertLink(t, p("fifo-link"))

	require.Error(t, osfs.WriteUserFile(t.Context(), p("sub"), []byte("x")), "a directory is not replaced")
	assert.ElementsMatch(t, []string{"new.xml", "kept.xml", "link.xml", "dangling.xml", "made.xml", "sub", "out.fifo", "fifo-link"}, names(t, dir))
}

func assertLink(t *testing.T, path string) {
	t.Helper()
	fi, err := os.Lstat(path)
	require.NoError(t, err)
	assert.Equal(t, os.ModeSymlink, fi.Mode().Type(), "%s stays a symbolic link", path)
}

func assertFIFO(t *testing.T, path string) {
	t.Helper()
	fi, err := os.Lstat(path)
	require.NoError(t, err)
	assert.Equal(t, os.ModeNamedPipe, fi.Mode().Type(), "%s stays a FIFO", path)
}

func assertMode(t *testing.T, path string, want os.FileMode) {
	t.Helper()
	fi, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, want, fi.Mode().Perm(), path)
}

func assertContent(t *testing.T, path, want string) {
	t.Helper()
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, want, string(got), path)
}
