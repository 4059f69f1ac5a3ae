package osfs_test

import (
	"io/fs"
	"os"
	"testing"

	"github.com/espectacular/ah/infra/osfs"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

// TestWriterContract runs the ports.Writer contract (atomic replace,
// permissions, the Update lock) on the real filesystem.
func TestWriterContract(t *testing.T) {
	portstest.RunWriterContract(t, func(t *testing.T) (ports.Writer, fs.FS) {
		root := t.TempDir()
		return osfs.New(root), os.DirFS(root)
	})
}

// TestRemoverContract runs the ports.Remover contract on the real
// filesystem.
func TestRemoverContract(t *testing.T) {
	portstest.RunRemoverContract(t, func(t *testing.T) (portstest.RemoverWriter, fs.FS) {
		root := t.TempDir()
		return osfs.New(root), os.DirFS(root)
	})
}
