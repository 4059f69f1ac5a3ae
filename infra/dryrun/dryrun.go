// Package dryrun is a ports.Writer that writes nothing: it records the
// exact files and bytes a plan would write (or remove), for a dry run
// (the MCP tools ah_contract_new and ah_scenario_new with dry_run).
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
}

// Writer records writes against FS, the repository as it is: Update edits
// the file's current content, CreateFile refuses an existing file as the
// real writer does.
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
func (w *Writer) WriteFile(_ context.Context, name string, data []byte, _ fs.FileMode) error {
	w.record(File{Path: name, Data: append([]byte{}, data...)})
	return nil
}

// CreateFile records data unless name exists.
func (w *Writer) CreateFile(ctx context.Context, name string, data []byte, perm fs.FileMode) error {
	if _, err := fs.Lstat(w.FS, name); err == nil {
		return fmt.Errorf("create %s: %w", name, fs.ErrExist)
	}
	return w.WriteFile(ctx, name, data, perm)
}

// Update records what edit makes of name's current (or last recorded)
// content.
func (w *Writer) Update(ctx context.Context, name string, edit func(old []byte) ([]byte, error)) error {
	old, ok := w.last(name)
	if !ok {
		var err error
		if old, err = fs.ReadFile(w.FS, name); err != nil {
			return fmt.Errorf("read %s: %w", name, err)
		}
	}
	data, err := edit(old)
	if err != nil || data == nil {
		return err
	}
	return w.WriteFile(ctx, name, data, 0)
}

// Remove records the removal of name.
func (w *Writer) Remove(_ context.Context, name string) error {
	if _, err := fs.Lstat(w.FS, name); errors.Is(err, fs.ErrNotExist) {
		if _, ok := w.last(name); !ok {
			return fmt.Errorf("remove %s: %w", name, fs.ErrNotExist)
		}
	}
	w.record(File{Path: name, Removed: true})
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

func (w *Writer) record(f File) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.files = append(w.files, f)
}

func (w *Writer) last(name string) ([]byte, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for i := len(w.files) - 1; i >= 0; i-- {
		if f := w.files[i]; f.Path == name {
			return f.Data, !f.Removed
		}
	}
	return nil, false
}
