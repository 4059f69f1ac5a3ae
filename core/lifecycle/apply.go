package lifecycle

import (
	"context"
	"errors"
	"fmt"
	"io/fs"

	"github.com/espectacular/ah/ports"
)

// Op is one file operation of a plan.
type Op struct {
	// Path is repository-relative and slash-separated.
	Path string
	// Data is the file's new content (written atomically).
	Data []byte
	// Remove deletes Path instead: a file, or a directory the plan emptied.
	// Directory removals come last and are never undone.
	Remove bool
}

// undo restores one path to what it was before Apply touched it.
type undo struct {
	path    string
	old     []byte
	existed bool
}

// Apply performs ops in order. When one fails, the files already written
// or removed are restored (rewritten, or removed when they were new), and
// the first error is returned with the rollback's problems, if any.
func Apply(ctx context.Context, fsys fs.FS, w ports.Writer, rm ports.Remover, ops []Op) error {
	var done []undo
	for _, op := range ops {
		u, err := snapshot(fsys, op.Path)
		if err == nil {
			err = perform(ctx, w, rm, op)
		}
		if err != nil {
			return errors.Join(err, rollback(context.WithoutCancel(ctx), w, rm, done))
		}
		if !u.dir {
			done = append(done, u.undo)
		}
	}
	return nil
}

type snap struct {
	undo
	dir bool
}

func snapshot(fsys fs.FS, name string) (snap, error) {
	fi, err := fs.Stat(fsys, name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return snap{undo: undo{path: name}}, nil
	case err != nil:
		return snap{}, fmt.Errorf("read %s: %w", name, err)
	case fi.IsDir():
		return snap{undo: undo{path: name, existed: true}, dir: true}, nil
	}
	old, err := fs.ReadFile(fsys, name)
	if err != nil {
		return snap{}, fmt.Errorf("read %s: %w", name, err)
	}
	return snap{undo: undo{path: name, old: old, existed: true}}, nil
}

func perform(ctx context.Context, w ports.Writer, rm ports.Remover, op Op) error {
	if op.Remove {
		return rm.Remove(ctx, op.Path)
	}
	return w.WriteFile(ctx, op.Path, op.Data, 0o644)
}

// rollback undoes done in reverse order.
func rollback(ctx context.Context, w ports.Writer, rm ports.Remover, done []undo) error {
	var errs []error
	for i := len(done) - 1; i >= 0; i-- {
		u := done[i]
		var err error
		if u.existed {
			err = w.WriteFile(ctx, u.path, u.old, 0o644)
		} else {
			err = rm.Remove(ctx, u.path)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("could not restore %s: %w", u.path, err))
		}
	}
	return errors.Join(errs...)
}

// Paths lists the paths ops write or remove, in order.
func Paths(ops []Op) (written, removed []string) {
	written, removed = []string{}, []string{}
	for _, op := range ops {
		if op.Remove {
			removed = append(removed, op.Path)
		} else {
			written = append(written, op.Path)
		}
	}
	return written, removed
}
