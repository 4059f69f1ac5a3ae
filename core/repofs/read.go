package repofs

import (
	"errors"
	"io"
	"io/fs"
	"math"
	"strings"

	"github.com/espectacular/ah/ports"
)

// Size limits of the files ah reads. A spec's limit is configurable
// ([limits] spec_mib); contracts and the config are small by nature.
const (
	DefaultSpecLimit int64 = 64 << 20
	ContractLimit    int64 = 1 << 20
	ConfigLimit      int64 = 1 << 20
)

// ReadFile reads name after resolving its links (Resolve) and checking its
// size: a file over limit bytes is a *TooLarge and is never read, so a
// 64 GiB sparse file cannot exhaust memory. A file that grows while it is
// read is cut at limit+1 bytes and refused the same way. The file is read
// straight into a buffer of its size: no copy buffer, which for the small
// files of a large corpus would cost more than the files themselves.
func ReadFile(fsys fs.FS, name string, limit int64) ([]byte, error) {
	f, size, err := open(fsys, name, limit)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	limit = min(limit, math.MaxInt64-1)
	// +1: reaching EOF needs no new buffer.
	buf := make([]byte, 0, size+1)
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)] // the file grew: let append pick the size
		}
		end := cap(buf)
		if rest := limit + 1 - int64(len(buf)); rest < int64(end-len(buf)) {
			end = len(buf) + int(rest) // read no more than limit+1 bytes in all
		}
		n, err := f.Read(buf[len(buf):end])
		buf = buf[:len(buf)+n]
		if int64(len(buf)) > limit {
			return nil, &TooLarge{Path: name, Size: int64(len(buf)), Limit: limit}
		}
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
		if size > 0 && len(buf) == size && cap(buf) > size {
			// All the bytes Stat counted, and room was left for one more
			// that did not come: the file as it was when opened, without a
			// read that only returns EOF (issue 29: one read per
			// contract). A file grown since fills the spare byte and is
			// read on.
			return buf, nil
		}
	}
}

// ReadString is ReadFile returning a string without a second copy of a
// large spec.
func ReadString(fsys fs.FS, name string, limit int64) (string, error) {
	f, size, err := open(fsys, name, limit)
	if err != nil {
		return "", err
	}
	defer f.Close()
	var b strings.Builder
	b.Grow(size + 1)
	buf := make([]byte, min(size+1, 32<<10))
	if _, err := io.CopyBuffer(&b, io.LimitReader(f, limit+1), buf); err != nil {
		return "", err
	}
	if int64(b.Len()) > limit {
		return "", &TooLarge{Path: name, Size: int64(b.Len()), Limit: limit}
	}
	return b.String(), nil
}

// open opens name under the link policy and checks its size: a directory
// is an error, a file over limit a *TooLarge. A confined file system
// (ports.ConfinedFS) refuses by itself every link Resolve refuses, so name
// is opened directly, one open instead of a walk of lstat calls and a
// second stat, and resolved only to explain a failure.
func open(fsys fs.FS, name string, limit int64) (fs.File, int, error) {
	f, err := openResolved(fsys, name)
	if err != nil {
		return nil, 0, err
	}
	fi, err := f.Stat()
	switch {
	case err != nil:
	case fi.IsDir():
		err = &fs.PathError{Op: "read", Path: name, Err: errIsDir}
	case fi.Size() > limit:
		err = &TooLarge{Path: name, Size: fi.Size(), Limit: limit}
	}
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	return f, int(max(fi.Size(), 0)), nil
}

func openResolved(fsys fs.FS, name string) (fs.File, error) {
	if _, ok := fsys.(ports.ConfinedFS); ok {
		// A missing file is missing whatever links lead to it: only a
		// refusal needs Resolve's explanation.
		if f, err := fsys.Open(name); err == nil || errors.Is(err, fs.ErrNotExist) {
			return f, err
		}
	}
	real, err := Resolve(fsys, name)
	if err != nil {
		return nil, err
	}
	return fsys.Open(real)
}

var errIsDir = errors.New("is a directory")
