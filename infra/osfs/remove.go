package osfs

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/espectacular/ah/ports"
)

var _ ports.Remover = (*Writer)(nil)

// Remove deletes root/name, a file or an empty directory, through os.Root
// so a link cannot lead it outside the root. A missing name is not an
// error.
func (w *Writer) Remove(ctx context.Context, name string) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("remove %s: %w", name, err)
	}
	if !fs.ValidPath(name) || name == "." || !filepath.IsLocal(filepath.FromSlash(name)) {
		return fmt.Errorf("remove %q: %w", name, ErrInvalidName)
	}
	root, err := os.OpenRoot(w.root)
	if err != nil {
		return fmt.Errorf("remove %s: the repository root %s: %w", name, w.root, bare(err))
	}
	defer root.Close()
	if err := root.Remove(name); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("remove %s in %s: %w", name, w.root, bare(err))
	}
	return nil
}
