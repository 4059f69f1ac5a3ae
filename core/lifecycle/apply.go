package lifecycle

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

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
	// Create writes Path only if it is still absent when written (stubs,
	// staged copies): a file that appeared since the plan is left as it
	// is and reported in a *SkippedError.
	Create bool
}

// SkippedError lists the create-if-absent ops Apply skipped because their
// file appeared while ah ran; every other op was carried out.
type SkippedError struct{ Paths []string }

func (e *SkippedError) Error() string {
	return "appeared while ah ran, left as they are: " + strings.Join(e.Paths, ", ")
}

// Without is ops less those writing a path in skipped.
func Without(ops []Op, skipped []string) []Op {
	return slices.DeleteFunc(slices.Clone(ops), func(op Op) bool { return !op.Remove && slices.Contains(skipped, op.Path) })
}

// undo restores one path to what it was before Apply touched it.
type undo struct {
	path    string
	old     []byte
	existed bool
	// dirs are the missing parent directories writing path creates,
	// deepest first: a rollback removes them too.
	dirs []string
}

// Apply performs ops in order. When one fails, the files already written
// or removed are restored (rewritten, or removed when they were new), the
// directories the writes created (the failed one's too) are removed, and
// the first error is returned with the rollback's problems, if any.
//
// A Create op whose file exists when it is written is skipped, never
// replaced; the others go on, and Apply then returns a *SkippedError.
func Apply(ctx context.Context, fsys fs.FS, w ports.Writer, rm ports.Remover, ops []Op) error {
	var done []undo
	var skipped []string
	for _, op := range ops {
		u, err := snapshot(fsys, op.Path)
		if err == nil {
			err = perform(ctx, w, rm, op, u.existed)
		}
		if op.Create && errors.Is(err, fs.ErrExist) {
			skipped = append(skipped, op.Path)
			continue
		}
		if err != nil {
			// The failed write may have created its directories: they
			// go first, being the deepest the plan made so far.
			if !op.Remove && !u.existed {
				removeDirs(context.WithoutCancel(ctx), rm, u.dirs)
			}
			return errors.Join(err, rollback(context.WithoutCancel(ctx), w, rm, done))
		}
		if !u.dir {
			done = append(done, u.undo)
		}
	}
	if len(skipped) > 0 {
		return &SkippedError{Paths: skipped}
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
		var dirs []string
		for d := path.Dir(name); d != "."; d = path.Dir(d) {
			if _, err := fs.Stat(fsys, d); !errors.Is(err, fs.ErrNotExist) {
				break
			}
			dirs = append(dirs, d)
		}
		return snap{undo: undo{path: name, dirs: dirs}}, nil
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

func perform(ctx context.Context, w ports.Writer, rm ports.Remover, op Op, existed bool) error {
	switch {
	case op.Remove:
		return rm.Remove(ctx, op.Path)
	case !op.Create:
		return w.WriteFile(ctx, op.Path, op.Data, 0o644)
	}
	if c, ok := w.(ports.Creator); ok {
		return c.CreateFile(ctx, op.Path, op.Data, 0o644)
	}
	if existed { // a writer that cannot create exclusively: the snapshot decides
		return fmt.Errorf("write %s: %w", op.Path, fs.ErrExist)
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
		} else if err = rm.Remove(ctx, u.path); err == nil {
			removeDirs(ctx, rm, u.dirs)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("could not restore %s: %w", u.path, err))
		}
	}
	return errors.Join(errs...)
}

// removeDirs removes the directories a write created, deepest first:
// empty unless a later op wrote there too, which the rollback has undone
// already (reverse order). It stops at the first it cannot remove (not
// empty, or never created because the write failed before).
func removeDirs(ctx context.Context, rm ports.Remover, dirs []string) {
	for _, d := range dirs {
		if rm.Remove(ctx, d) != nil {
			break
		}
	}
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
