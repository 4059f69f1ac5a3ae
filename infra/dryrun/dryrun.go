// Package dryrun is a ports.Writer that writes nothing: it records the
// exact files and bytes a plan would write (or remove), for a dry run
// (the MCP tools ah_contract_new and ah_scenario_new with dry_run). It
// keeps the writer contract (ports/portstest.RunWriterContract and
// RunRemoverContract) as the real writer does, so a dry run refuses what
// the real run would refuse.
package dryrun

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"sync"

	"github.com/espectacular/ah/ports"
)

// File is one recorded write; Removed is true for a removal (Data empty).
type File struct {
	Path    string
	Data    []byte
	Removed bool
	// Perm is the mode a new file would get; a replaced file keeps its
	// own.
	Perm fs.FileMode
}

// Writer records writes against FS, the repository as it is: Update edits
// the file's current (or last recorded) content, CreateFile refuses an
// existing file as the real writer does.
type Writer struct {
	FS fs.FS

	mu    sync.Mutex
	files []File
}

var (
	_ ports.Writer  = (*Writer)(nil)
	_ ports.Creator = (*Writer)(nil)
	_ ports.Remover = (*Writer)(nil)
)

// WriteFile records data as name's new content.
func (w *Writer) WriteFile(ctx context.Context, name string, data []byte, perm fs.FileMode) error {
	if err := check(ctx, "write", name); err != nil {
		return err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.put(name, data, perm)
	return nil
}

// CreateFile records data unless name exists, on disk or recorded.
func (w *Writer) CreateFile(ctx context.Context, name string, data []byte, perm fs.FileMode) error {
	if err := check(ctx, "create", name); err != nil {
		return err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.exists(name) {
		return fmt.Errorf("create %s: %w", name, fs.ErrExist)
	}
	w.put(name, data, perm)
	return nil
}

// Update records what edit makes of name's current (or last recorded)
// content. The lock is held across edit, as the real writer's is, so
// concurrent updates keep every edit.
func (w *Writer) Update(ctx context.Context, name string, edit func(old []byte) ([]byte, error)) error {
	if err := check(ctx, "update", name); err != nil {
		return err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	old, err := w.read(name)
	if err != nil {
		return fmt.Errorf("read %s: %w", name, err)
	}
	data, err := edit(old)
	if err != nil || data == nil {
		return err
	}
	w.put(name, data, 0)
	return nil
}

// Remove records the removal of name; a missing name is not an error, a
// directory with entries is.
func (w *Writer) Remove(ctx context.Context, name string) error {
	if err := check(ctx, "remove", name); err != nil {
		return err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.exists(name) {
		return nil
	}
	if entries, err := fs.ReadDir(w.view(), name); err == nil && len(entries) > 0 {
		return fmt.Errorf("remove %s: directory not empty", name)
	}
	w.files = append(w.files, File{Path: name, Removed: true})
	return nil
}

// Files returns the recorded writes, one per path (the last one wins), in
// the order each path was first written.
func (w *Writer) Files() []File {
	w.mu.Lock()
	defer w.mu.Unlock()
	var out []File
	at := map[string]int{}
	for _, f := range w.files {
		if i, ok := at[f.Path]; ok {
			out[i] = f
			continue
		}
		at[f.Path] = len(out)
		out = append(out, f)
	}
	return out
}

// View is the repository as the recorded plan would leave it: FS with the
// recorded writes and removals laid over it, as they stand at each call.
func (w *Writer) View() fs.FS { return live{w} }

// live reads the overlay of the records at each call.
type live struct{ w *Writer }

var _ fs.ReadDirFS = live{}

func (l live) Open(name string) (fs.File, error) {
	l.w.mu.Lock()
	defer l.w.mu.Unlock()
	return l.w.view().Open(name)
}

func (l live) ReadDir(name string) ([]fs.DirEntry, error) {
	l.w.mu.Lock()
	defer l.w.mu.Unlock()
	return l.w.view().ReadDir(name)
}

// put records a write; the caller holds mu. A replaced file keeps its
// mode, as the real writer's does.
func (w *Writer) put(name string, data []byte, perm fs.FileMode) {
	if fi, err := fs.Stat(w.view(), name); err == nil {
		perm = fi.Mode().Perm()
	}
	w.files = append(w.files, File{Path: name, Data: append([]byte{}, data...), Perm: perm})
}

// read is name's content as the plan leaves it; the caller holds mu.
func (w *Writer) read(name string) ([]byte, error) {
	return fs.ReadFile(w.view(), name)
}

// exists reports whether name is there once the plan ran, a dangling
// link too; the caller holds mu.
func (w *Writer) exists(name string) bool {
	v := w.view()
	if _, err := fs.Stat(v, name); err == nil {
		return true
	}
	if _, removed := v.recorded(name); removed {
		return false
	}
	_, err := fs.Lstat(w.base(), name)
	return err == nil
}

func (w *Writer) base() fs.FS {
	if w.FS == nil {
		return emptyFS{}
	}
	return w.FS
}

// emptyFS is the base of a Writer given no FS: nothing exists.
type emptyFS struct{}

func (emptyFS) Open(name string) (fs.File, error) {
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}

// check refuses what the real writer refuses before touching anything: a
// cancelled context and a name that is not a clean path inside the root.
func check(ctx context.Context, op, name string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if name == "." || !fs.ValidPath(name) {
		return fmt.Errorf("%s %q: %w", op, name, errors.Join(fs.ErrInvalid, errors.New("not a path inside the repository")))
	}
	return nil
}
