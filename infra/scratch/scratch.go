package scratch

import (
	"context"
	"os"

	"github.com/espectacular/ah/ports"
)

// Dir creates scratch directories under Root (the system temporary
// directory when empty). The zero value is ready to use.
type Dir struct {
	Root string
}

var _ ports.Scratch = Dir{}

// New returns scratch directories under the system temporary directory.
func New() Dir { return Dir{} }

// MkdirTemp implements ports.Scratch: a new directory readable only by the
// current user, so another user cannot plant a report.
func (d Dir) MkdirTemp(ctx context.Context) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	return os.MkdirTemp(d.Root, "ah-run-")
}

// WriteFile implements ports.Scratch.
func (Dir) WriteFile(path string, data []byte) error {
	return os.WriteFile(path, data, 0o600)
}

// ReadFile implements ports.Scratch.
func (Dir) ReadFile(path string) ([]byte, error) {
	return os.ReadFile(path)
}

// RemoveAll implements ports.Scratch.
func (Dir) RemoveAll(path string) error {
	return os.RemoveAll(path)
}
