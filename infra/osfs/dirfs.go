package osfs

import (
	"errors"
	"io/fs"
	"os"
)

// ErrNotRegular is returned for an attempt to open a file that is neither
// a regular file nor a directory: a named pipe, socket or device.
var ErrNotRegular = errors.New("not a regular file")

// DirFS is os.DirFS(root) for reading a repository, except that opening a
// named pipe, socket or device fails with ErrNotRegular. Opening a FIFO
// blocks in open(2) until a writer appears, deaf to cancellation and
// signals, and reading /dev/zero never ends: a file in the repository must
// never be able to hang ah. Symbolic links are followed, as by os.DirFS.
func DirFS(root string) fs.FS {
	return dirFS{os.DirFS(root).(statReadDirFS)}
}

// statReadDirFS is what os.DirFS returns.
type statReadDirFS interface {
	fs.StatFS
	fs.ReadFileFS
	fs.ReadDirFS
}

type dirFS struct{ fsys statReadDirFS }

var (
	_ fs.StatFS     = dirFS{}
	_ fs.ReadFileFS = dirFS{}
	_ fs.ReadDirFS  = dirFS{}
)

// check stats name (following links) and refuses what is not a regular
// file or a directory, before anything opens it.
func (d dirFS) check(op, name string) error {
	fi, err := d.fsys.Stat(name)
	if err != nil {
		return nil // let the real operation report it, with its own op
	}
	if !fi.Mode().IsRegular() && !fi.IsDir() {
		return &fs.PathError{Op: op, Path: name, Err: ErrNotRegular}
	}
	return nil
}

func (d dirFS) Open(name string) (fs.File, error) {
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

func (d dirFS) ReadDir(name string) ([]fs.DirEntry, error) { return d.fsys.ReadDir(name) }

func (d dirFS) Stat(name string) (fs.FileInfo, error) { return d.fsys.Stat(name) }
