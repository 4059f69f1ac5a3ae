package dryrun

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"
	"time"
)

// overlay is the base file system with the recorded writes laid over it:
// a recorded file shadows the base's, a removal hides it, and a directory
// lists both.
type overlay struct {
	base  fs.FS
	files map[string]File
}

var _ fs.ReadDirFS = overlay{}

// view builds the overlay of the records so far; the caller holds mu.
func (w *Writer) view() overlay {
	o := overlay{base: w.base(), files: map[string]File{}}
	for _, f := range w.files {
		o.files[f.Path] = f
	}
	return o
}

// recorded is the last record of name, and whether it is a removal.
func (o overlay) recorded(name string) (File, bool) {
	f, ok := o.files[name]
	return f, ok && f.Removed
}

func (o overlay) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	if f, ok := o.files[name]; ok {
		if f.Removed {
			return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
		}
		return &memFile{info: info{name: path.Base(name), size: int64(len(f.Data)), mode: f.Perm}, r: bytes.NewReader(f.Data)}, nil
	}
	if o.hidden(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	if o.holds(name) {
		entries, err := o.ReadDir(name)
		if err != nil {
			return nil, err
		}
		return &dirFile{info: info{name: path.Base(name), mode: fs.ModeDir | 0o755}, entries: entries}, nil
	}
	return o.base.Open(name)
}

// ReadDir lists name as the plan leaves it, sorted by name.
func (o overlay) ReadDir(name string) ([]fs.DirEntry, error) {
	if f, ok := o.files[name]; ok && !f.Removed {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: errors.New("not a directory")}
	}
	byName := map[string]fs.DirEntry{}
	entries, err := fs.ReadDir(o.base, name)
	if o.hidden(name) {
		entries, err = nil, fs.ErrNotExist
	}
	for _, e := range entries {
		if _, removed := o.recorded(join(name, e.Name())); !removed {
			byName[e.Name()] = e
		}
	}
	for p, f := range o.files {
		rest, ok := strings.CutPrefix(p, prefix(name))
		if !ok || f.Removed {
			continue
		}
		if child, _, deeper := strings.Cut(rest, "/"); deeper {
			byName[child] = fs.FileInfoToDirEntry(info{name: child, mode: fs.ModeDir | 0o755})
		} else {
			byName[rest] = fs.FileInfoToDirEntry(info{name: rest, size: int64(len(f.Data)), mode: f.Perm})
		}
	}
	if err != nil && len(byName) == 0 {
		return nil, err
	}
	out := make([]fs.DirEntry, 0, len(byName))
	for _, e := range byName {
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return out, nil
}

// holds reports whether name is a directory holding a recorded file.
func (o overlay) holds(name string) bool {
	for p, f := range o.files {
		if !f.Removed && strings.HasPrefix(p, prefix(name)) {
			return true
		}
	}
	return false
}

// hidden reports whether name or a directory above it was removed and
// nothing was written below it since.
func (o overlay) hidden(name string) bool {
	for p := name; p != "." && p != "/"; p = path.Dir(p) {
		if _, removed := o.recorded(p); removed {
			return !o.holds(name)
		}
	}
	return false
}

func prefix(dir string) string {
	if dir == "." {
		return ""
	}
	return dir + "/"
}

func join(dir, name string) string {
	if dir == "." {
		return name
	}
	return dir + "/" + name
}

type info struct {
	name string
	size int64
	mode fs.FileMode
}

func (i info) Name() string       { return i.name }
func (i info) Size() int64        { return i.size }
func (i info) Mode() fs.FileMode  { return i.mode }
func (i info) ModTime() time.Time { return time.Time{} }
func (i info) IsDir() bool        { return i.mode.IsDir() }
func (i info) Sys() any           { return nil }

type memFile struct {
	info info
	r    *bytes.Reader
}

func (f *memFile) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *memFile) Read(p []byte) (int, error) { return f.r.Read(p) }
func (f *memFile) Close() error               { return nil }

type dirFile struct {
	info    info
	entries []fs.DirEntry
}

func (d *dirFile) Stat() (fs.FileInfo, error) { return d.info, nil }
func (d *dirFile) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: d.info.name, Err: errors.New("is a directory")}
}
func (d *dirFile) Close() error { return nil }

// ReadDir returns the rest of the entries, as fs.ReadDirFile asks.
func (d *dirFile) ReadDir(n int) ([]fs.DirEntry, error) {
	if n <= 0 {
		out := d.entries
		d.entries = nil
		return out, nil
	}
	if len(d.entries) == 0 {
		return nil, io.EOF
	}
	n = min(n, len(d.entries))
	out := d.entries[:n]
	d.entries = d.entries[n:]
	return out, nil
}
