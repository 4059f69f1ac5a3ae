package osfs

import (
	"context"
	"errors"
	"fmt"
	"io/fs"

	"github.com/espectacular/ah/ports"
)

var _ ports.Remover = (*Writer)(nil)

// Remove deletes root/name, a file or an empty directory, through os.Root
// so a link cannot lead it outside the root. A missing name is not an
// error.
func (w *Writer) Remove(ctx context.Context, name string) error {
	root, err := w.open(ctx, "remove", name)
	if err != nil {
		return err
	}
	defer root.Close()
	if err := root.Remove(name); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("remove %s in %s: %w", name, w.root, bare(err))
	}
	return nil
}
