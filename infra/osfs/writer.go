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

var (
	_ ports.Writer  = (*Writer)(nil)
	_ ports.Creator = (*Writer)(nil)
)

// New returns a Writer for the directory root.
func New(root string) *Writer {
	return &Writer{root: root}
}

// WriteFile replaces root/name with data, creating parent directories as
// needed; a new file gets permissions perm, a replaced one keeps its own.
// The data is written to a temporary file in the same directory, synced
// and renamed over name, so readers and crashes see either the old or the
// new content, never a mix. A symbolic link at name is followed and its
// target replaced, so the link stays; one leading outside root is refused,
// and so is a name that is not a regular file (a FIFO, socket or device
// in the repository is never replaced, nor opened: it could block).
func (w *Writer) WriteFile(ctx context.Context, name string, data []byte, perm fs.FileMode) error {
	root, err := w.open(ctx, "write", name)
	if err != nil {
		return err
	}
	defer root.Close()
	target, perm, err := replaceable(root, w.root, name, perm)
	if err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	if err := inLockedDir(ctx, root, target, func() error { return writeAtomic(root, target, data, perm) }); err != nil {
		return fmt.Errorf("write %s in %s: %w", name, w.root, err)
	}
	return nil
}

// open checks ctx and name, then opens the root an operation on name goes
// through; errors begin with verb ("write", "remove") and name.
func (w *Writer) open(ctx context.Context, verb, name string) (*os.Root, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("%s %s: %w", verb, name, err)
	}
	if !fs.ValidPath(name) || name == "." || !filepath.IsLocal(filepath.FromSlash(name)) {
		return nil, fmt.Errorf("%s %q: %w", verb, name, ErrInvalidName)
	}
	root, err := os.OpenRoot(w.root)
	if err != nil {
		return nil, fmt.Errorf("%s %s: the repository root %s: %w", verb, name, w.root, bare(err))
	}
	return root, nil
}

// inLockedDir runs write while holding the lock on name's directory
// (created as needed), after removing the temporary files dead writers
// left there: every writer holds the lock for its temporary file's whole
// life, so none of a live writer's can be taken for litter (stale.go).
func inLockedDir(ctx context.Context, root *os.Root, name string, write func() error) error {
	dir := path.Dir(name)
	if dir != "." {
		if err := root.MkdirAll(dir, 0o755); err != nil {
			return plain("could not create its directory "+dir, err)
		}
	}
	unlock, err := lockDir(ctx, root, dir)
	if err != nil {
		return plain("could not lock its directory", err)
	}
	defer unlock()
	removeStaleTemps(root, dir)
	return write()
}

// replaceable resolves name to the file a write replaces (following
// links inside root) and the permissions it keeps (perm for a new file);
// a target that exists and is not a regular file is refused.
func replaceable(root *os.Root, dir, name string, perm fs.FileMode) (string, fs.FileMode, error) {
	target, err := followLinks(root, dir, name)
	if err != nil {
		return "", 0, err
	}
	fi, err := root.Lstat(target)
	switch {
	case err != nil || fi.IsDir():
		return target, perm, nil // missing: created (other errors, a directory: the rename says why)
	case !fi.Mode().IsRegular():
		return "", 0, fmt.Errorf("%w (%s): ah replaces only regular files; remove it or point the link at a file", ErrNotRegular, fi.Mode().Type())
	}
	return target, fi.Mode().Perm(), nil
}

// CreateFile creates root/name with data and permissions perm only if
// nothing is there, creating parent directories as needed. The content is
// written and synced to a temporary file first, then hard-linked to name:
// the link fails if name appeared meanwhile, so a file a person saved is
// never replaced, and a reader never sees half of the new one. The error
// then matches fs.ErrExist.
func (w *Writer) CreateFile(ctx context.Context, name string, data []byte, perm fs.FileMode) error {
	root, err := w.open(ctx, "write", name)
	if err != nil {
		return err
	}
	defer root.Close()
	create := func() error {
		return writeTemp(root, name, data, perm, func(tmp string) error {
			if err := root.Link(tmp, name); err != nil {
				if errors.Is(err, fs.ErrExist) {
					return plain("it appeared while ah ran, and is left as it is", fs.ErrExist)
				}
				return plain("could not create it", err)
			}
			_ = root.Remove(tmp) // name holds the content now; a leftover is litter the next writer removes
			return nil
		})
	}
	if err := inLockedDir(ctx, root, name, create); err != nil {
		return fmt.Errorf("write %s in %s: %w", name, w.root, err)
	}
	return nil
}

// Update rewrites the existing file root/name with edit's result (nil
// data: no change), keeping its permissions. The read, the edit and the
// atomic replace happen under an exclusive lock on name's directory, so
// concurrent Updates (two `ah doctor --enable` runs) cannot lose one
// another's change. A symbolic link at name is followed and its target
// rewritten, so the link the user made stays; a link leading outside root
// is refused.
func (w *Writer) Update(ctx context.Context, name string, edit func(old []byte) ([]byte, error)) error {
	root, err := w.open(ctx, "write", name)
	if err != nil {
		return err
	}
	defer root.Close()
	unlock, err := lockDir(ctx, root, path.Dir(name))
	if err != nil {
		return fmt.Errorf("lock the directory of %s: %w", name, bare(err))
	}
	defer unlock()
	target, err := followLinks(root, w.root, name)
	if err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	fi, err := root.Stat(target)
	if err != nil {
		return fmt.Errorf("read %s: %w", name, bare(err))
	}
	old, err := root.ReadFile(target)
	if err != nil {
		return fmt.Errorf("read %s: %w", name, bare(err))
	}
	data, err := edit(old)
	if err != nil || data == nil {
		return err
	}
	if path.Dir(target) == path.Dir(name) { // the directory we hold locked
		removeStaleTemps(root, path.Dir(target))
	}
	if err := writeAtomic(root, target, data, fi.Mode().Perm()); err != nil {
		return fmt.Errorf("write %s in %s: %w", name, w.root, err)
	}
	return nil
}

// followLinks resolves symbolic links at name to the root-relative path of
// the file they lead to; a link leading outside dir (the root's path) is an
// error.
func followLinks(root *os.Root, dir, name string) (string, error) {
	for range 40 {
		fi, err := root.Lstat(name)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			return name, nil // a missing file is reported by the read
		}
		dest, err := root.Readlink(name)
		if err != nil {
			return "", err
		}
		next := path.Join(path.Dir(name), filepath.ToSlash(dest))
		if filepath.IsAbs(dest) {
			next = "" // unless it lies inside dir
			if abs, err := filepath.Abs(dir); err == nil {
				if rel, err := filepath.Rel(abs, dest); err == nil && filepath.IsLocal(rel) {
					next = filepath.ToSlash(rel)
				}
			}
		}
		if !fs.ValidPath(next) || next == "" {
			return "", fmt.Errorf("it is a symbolic link to %s, outside the repository: edit that file by hand", dest)
		}
		name = next
	}
	return "", errors.New("too many levels of symbolic links")
}

func writeAtomic(root *os.Root, name string, data []byte, perm fs.FileMode) error {
	return writeTemp(root, name, data, perm, func(tmp string) error {
		if err := root.Rename(tmp, name); err != nil {
			return plain("could not replace it with the new version", err)
		}
		return nil
	})
}

// writeTemp writes data, synced and with permissions perm, to a temporary
// file beside name and hands it to place, which puts it at name; the
// temporary file is removed when anything fails.
func writeTemp(root *os.Root, name string, data []byte, perm fs.FileMode, place func(tmp string) error) (err error) {
	if dir := path.Dir(name); dir != "." {
		if err := root.MkdirAll(dir, 0o755); err != nil {
			return plain("could not create its directory "+dir, err)
		}
	}
	f, tmp, err := createTemp(root, name)
	if err != nil {
		return plain("could not create a temporary file next to it", err)
	}
	defer func() {
		if err != nil {
			_ = f.Close()
			_ = root.Remove(tmp)
		}
	}()
	if _, err := f.Write(data); err != nil {
		return plain("could not write the new content", err)
	}
	// Sync before rename: otherwise a crash can leave name pointing at an
	// empty file, losing the old content as well as the new.
	if err := f.Sync(); err != nil {
		return plain("could not flush the new content to disk", err)
	}
	if err := f.Chmod(perm); err != nil {
		return plain("could not set its permissions", err)
	}
	if err := f.Close(); err != nil {
		return plain("could not write the new content", err)
	}
	return place(tmp)
}

// createTemp is os.CreateTemp for an os.Root: a new file next to name, with
// a name that cannot be mistaken for a file the user wrote.
func createTemp(root *os.Root, name string) (*os.File, string, error) {
	dir, base := path.Split(name)
	for range 10000 {
		tmp := tempName(dir, base, rand.Uint32())
		f, err := root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if !errors.Is(err, fs.ErrExist) {
			return f, tmp, err
		}
	}
	return nil, "", fmt.Errorf("create temporary file for %s: %w", name, fs.ErrExist)
}
