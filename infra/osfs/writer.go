// Package osfs writes repository files on the local filesystem.
package osfs

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"strconv"

	"github.com/espectacular/ah/ports"
)

// ErrInvalidName is returned for a name that is not a slash-separated path
// inside the root.
var ErrInvalidName = errors.New(`name must be a relative slash-separated path inside the root, without ".." or a leading "/"`)

// Writer writes files atomically below a root directory. It is safe for
// concurrent use, except that concurrent writes to one name race (the last
// rename wins).
type Writer struct {
	root string
}

var _ ports.Writer = (*Writer)(nil)

// New returns a Writer for the directory root.
func New(root string) *Writer {
	return &Writer{root: root}
}

// WriteFile replaces root/name with data and gives it permissions perm,
// creating parent directories as needed. The data is written to a temporary
// file in the same directory, synced and renamed over name, so readers and
// crashes see either the old or the new content, never a mix. Access goes
// through os.Root, so a symlink cannot lead the write outside root either.
func (w *Writer) WriteFile(ctx context.Context, name string, data []byte, perm fs.FileMode) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	if !fs.ValidPath(name) || name == "." || !filepath.IsLocal(filepath.FromSlash(name)) {
		return fmt.Errorf("write %q: %w", name, ErrInvalidName)
	}
	root, err := os.OpenRoot(w.root)
	if err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	defer root.Close()
	if err := writeAtomic(root, name, data, perm); err != nil {
		return fmt.Errorf("write %s in %s: %w", name, w.root, err)
	}
	return nil
}

func writeAtomic(root *os.Root, name string, data []byte, perm fs.FileMode) (err error) {
	if dir := path.Dir(name); dir != "." {
		if err := root.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	f, tmp, err := createTemp(root, name)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = f.Close()
			_ = root.Remove(tmp)
		}
	}()
	if _, err := f.Write(data); err != nil {
		return err
	}
	// Sync before rename: otherwise a crash can leave name pointing at an
	// empty file, losing the old content as well as the new.
	if err := f.Sync(); err != nil {
		return err
	}
	if err := f.Chmod(perm); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return root.Rename(tmp, name)
}

// createTemp is os.CreateTemp for an os.Root: a new file next to name, with
// a name that cannot be mistaken for a file the user wrote.
func createTemp(root *os.Root, name string) (*os.File, string, error) {
	dir, base := path.Split(name)
	for range 10000 {
		tmp := dir + "." + base + ".ah-tmp-" + strconv.FormatUint(uint64(rand.Uint32()), 10)
		f, err := root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if !errors.Is(err, fs.ErrExist) {
			return f, tmp, err
		}
	}
	return nil, "", fmt.Errorf("create temporary file for %s: %w", name, fs.ErrExist)
}
