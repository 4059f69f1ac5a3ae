package osfs

import (
	"errors"
	"io/fs"
	"os"

	"github.com/espectacular/ah/ports"
)

// ErrNotRegular is returned for an attempt to open a file that is neither
// a regular file nor a directory: a named pipe, socket or device.
var ErrNotRegular = errors.New("not a regular file")

// ErrOutsideRoot is returned for a path that leads, through a symbolic
// link, outside the repository (or through an absolute link).
var ErrOutsideRoot = errors.New("leads outside the repository through a symbolic link")

// DirFS is the repository as a file system for reading, built on os.Root:
// symbolic links are followed only while they stay inside root, so no
// spec, contract or config outside the repository is ever read (issue 9;
// core/repofs turns such links into findings first, this is the backstop).
// Opening a named pipe, socket or device fails with ErrNotRegular: a FIFO
// blocks in open(2), deaf to cancellation and signals, and /dev/zero never
// ends, so a file in the repository must never be able to hang ah.
//
// The root's descriptor stays open for the life of the process, like the
// working directory.
func DirFS(root string) fs.FS {
	r, err := os.OpenRoot(root)
	if err != nil {
		return failFS{err}
	}
	return dirFS{fsys: r.FS().(rootFS), free: os.DirFS(root).(fs.StatFS), fast: openFastRoot(root)}
}

// rootFS is what os.Root.FS returns.
type rootFS interface {
	fs.StatFS
	fs.ReadFileFS
	fs.ReadDirFS
	fs.ReadLinkFS
}

type dirFS struct {
	fsys rootFS
	// free follows every link; it only tells an escape from a missing file.
	free fs.StatFS
	// fast opens what it can in fewer system calls (Linux); what it
	// cannot decide goes through fsys.
	fast fastRoot
}

var (
	_ rootFS           = dirFS{}
	_ ports.ConfinedFS = dirFS{}
)

// check stats name (following links inside root) and refuses what is not
// a regular file or a directory, before anything opens it, and what exists
// only by leaving root.
func (d dirFS) check(op, name string) error {
	fi, err := d.fsys.Stat(name)
	if err != nil {
		return d.explain(op, name, err)
	}
	if !fi.Mode().IsRegular() && !fi.IsDir() {
		return &fs.PathError{Op: op, Path: name, Err: ErrNotRegular}
	}
	return nil
}

// explain turns os.Root's refusal of a path that exists outside root into
// ErrOutsideRoot; other errors are left to the real operation.
func (d dirFS) explain(op, name string, err error) error {
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
		return nil
	}
	if _, ferr := d.free.Stat(name); ferr == nil {
		return &fs.PathError{Op: op, Path: name, Err: ErrOutsideRoot}
	}
	return nil
}

// Confined says that dirFS refuses by itself every link leaving root
// (ports.ConfinedFS): os.Root does.
func (dirFS) Confined() {}

func (d dirFS) Open(name string) (fs.File, error) {
	if f := d.fast.openFast(name); f != nil {
		return f, nil
	}
	if err := d.check("open", name); err != nil {
		return nil, err
	}
	return d.fsys.Open(name)
}

func (d dirFS) ReadFile(name string) ([]byte, error) {
	if err := d.check("open", name); err != nil {
		return nil, err
	}
	return d.fsys.ReadFile(name)
}

func (d dirFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if entries, ok := d.fast.readDir(name, d.fsys.Lstat); ok {
		return entries, nil
	}
	if _, err := d.fsys.Stat(name); err != nil {
		if e := d.explain("readdir", name, err); e != nil {
			return nil, e
		}
	}
	return d.fsys.ReadDir(name)
}

func (d dirFS) Stat(name string) (fs.FileInfo, error) {
	fi, err := d.fsys.Stat(name)
	if err != nil {
		if e := d.explain("stat", name, err); e != nil {
			return nil, e
		}
	}
	return fi, err
}

func (d dirFS) ReadLink(name string) (string, error) { return d.fsys.ReadLink(name) }

func (d dirFS) Lstat(name string) (fs.FileInfo, error) { return d.fsys.Lstat(name) }

// failFS is a root that could not be opened: every operation says why.
type failFS struct{ err error }

func (f failFS) Open(name string) (fs.File, error) {
	return nil, &fs.PathError{Op: "open", Path: name, Err: f.err}
}
