package repofs

import (
	"errors"
	"io"
	"io/fs"
	"strings"
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
// read is cut at limit+1 bytes and refused the same way.
func ReadFile(fsys fs.FS, name string, limit int64) ([]byte, error) {
	var b bytesSink
	err := read(fsys, name, limit, &b)
	return b.buf, err
}

// ReadString is ReadFile returning a string without a second copy of a
// large spec.
func ReadString(fsys fs.FS, name string, limit int64) (string, error) {
	var b strings.Builder
	err := read(fsys, name, limit, &b)
	return b.String(), err
}

type sink interface {
	io.Writer
	Grow(int)
	Len() int
}

type bytesSink struct{ buf []byte }

func (s *bytesSink) Write(p []byte) (int, error) { s.buf = append(s.buf, p...); return len(p), nil }
func (s *bytesSink) Grow(n int)                  { s.buf = make([]byte, 0, n) }
func (s *bytesSink) Len() int                    { return len(s.buf) }

func read(fsys fs.FS, name string, limit int64, out sink) error {
	real, err := Resolve(fsys, name)
	if err != nil {
		return err
	}
	fi, err := fs.Stat(fsys, real)
	if err != nil {
		return err
	}
	if fi.IsDir() {
		return &fs.PathError{Op: "read", Path: name, Err: errIsDir}
	}
	if fi.Size() > limit {
		return &TooLarge{Path: name, Size: fi.Size(), Limit: limit}
	}
	f, err := fsys.Open(real)
	if err != nil {
		return err
	}
	defer f.Close()
	out.Grow(int(fi.Size()) + 1) // +1: reaching EOF needs no new buffer
	buf := make([]byte, 32<<10)
	if _, err := io.CopyBuffer(out, io.LimitReader(f, limit+1), buf); err != nil {
		return err
	}
	if int64(out.Len()) > limit {
		return &TooLarge{Path: name, Size: int64(out.Len()), Limit: limit}
	}
	return nil
}

var errIsDir = errors.New("is a directory")
