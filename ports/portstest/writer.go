package portstest

import (
	"context"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sync"
	"testing/fstest"

	"github.com/espectacular/ah/ports"
)

// Writer is an in-memory ports.Writer over Files, which tests read back
// (as an fs.FS). It records the names written, in order, and is safe for
// concurrent use: Update holds one lock, as the real writer locks the
// directory.
type Writer struct {
	Files fstest.MapFS
	// Written lists the names WriteFile and Update replaced, in order.
	Written []string

	mu sync.Mutex
}

var (
	_ ports.Writer  = (*Writer)(nil)
	_ ports.Creator = (*Writer)(nil)
)

// NewWriter returns a Writer with no files.
func NewWriter() *Writer { return &Writer{Files: fstest.MapFS{}} }

// WriteFile implements ports.Writer.
func (w *Writer) WriteFile(ctx context.Context, name string, data []byte, perm fs.FileMode) error {
	if err := check(ctx, name); err != nil {
		return err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if f, ok := w.Files[name]; ok && !f.Mode.IsDir() {
		perm = f.Mode.Perm() // a replaced file keeps its mode
	}
	w.put(name, data, perm)
	return nil
}

// CreateFile implements ports.Creator.
func (w *Writer) CreateFile(ctx context.Context, name string, data []byte, perm fs.FileMode) error {
	if err := check(ctx, name); err != nil {
		return err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if _, ok := w.Files[name]; ok {
		return fmt.Errorf("write %s: %w", name, fs.ErrExist)
	}
	w.put(name, data, perm)
	return nil
}

// Update implements ports.Writer.
func (w *Writer) Update(ctx context.Context, name string, edit func(old []byte) ([]byte, error)) error {
	if err := check(ctx, name); err != nil {
		return err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	f, ok := w.Files[name]
	if !ok || f.Mode.IsDir() {
		return fmt.Errorf("read %s: %w", name, fs.ErrNotExist)
	}
	data, err := edit(slices.Clone(f.Data))
	if err != nil || data == nil {
		return err
	}
	w.put(name, data, f.Mode.Perm())
	return nil
}

// put replaces name whole, as the real writer's rename does.
func (w *Writer) put(name string, data []byte, perm fs.FileMode) {
	if w.Files == nil {
		w.Files = fstest.MapFS{}
	}
	w.Files[name] = &fstest.MapFile{Data: slices.Clone(data), Mode: perm}
	w.Written = append(w.Written, name)
}

func check(ctx context.Context, name string) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	if !fs.ValidPath(name) || name == "." || path.Clean(name) != name {
		return fmt.Errorf("write %q: not a relative slash-separated path inside the root", name)
	}
	return nil
}
