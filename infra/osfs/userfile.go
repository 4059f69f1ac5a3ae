package osfs

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// WriteUserFile writes data to path, a file the user named (--output,
// ah report --html), under the writer policy of the README's Reliability
// section:
//
//   - a regular file is replaced atomically (temporary file beside it,
//     fsync, rename), keeping its permissions; a new one gets 0644;
//   - a symbolic link to a regular file (or to nothing yet) is followed
//     and its target replaced or created, so the link stays a link;
//   - anything else (a device such as /dev/null, a FIFO, a socket,
//     /dev/fd/N, /dev/stdout, or a link to one) is written in place
//     through an ordinary open and never replaced: renaming over
//     /dev/null as root would turn it into a regular file for the whole
//     machine.
func WriteUserFile(ctx context.Context, path string, data []byte) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	fi, err := os.Stat(path)
	switch {
	case err == nil && fi.IsDir():
		return fmt.Errorf("write %s: %w", path, plain("it is a directory", fs.ErrExist))
	case err == nil && (!fi.Mode().IsRegular() || special(path)):
		return writeInPlace(path, data)
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("write %s: %w", path, bare(err))
	}
	target, err := resolveLinks(path)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if special(target) {
		return writeInPlace(path, data)
	}
	perm := fs.FileMode(0o644)
	if fi != nil {
		perm = fi.Mode().Perm()
	}
	return New(filepath.Dir(target)).WriteFile(ctx, filepath.Base(target), data, perm)
}

// special reports whether path lies in /dev or /proc, where even a name
// that stats as a regular file (/dev/stdout redirected to a file) is a
// view of an open descriptor, not a file to replace.
func special(path string) bool {
	abs, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	return strings.HasPrefix(abs, "/dev/") || strings.HasPrefix(abs, "/proc/")
}

// resolveLinks follows symbolic links at path, hop by hop, to the name
// they finally lead to, which may not exist yet (a dangling link whose
// target is written). A hop through /dev or /proc ends the walk there.
func resolveLinks(path string) (string, error) {
	for range 40 {
		fi, err := os.Lstat(path)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 || special(path) {
			return path, nil
		}
		dest, err := os.Readlink(path)
		if err != nil {
			return "", bare(err)
		}
		if !filepath.IsAbs(dest) {
			dest = filepath.Join(filepath.Dir(path), dest)
		}
		path = dest
	}
	return "", errors.New("too many levels of symbolic links")
}

// writeInPlace writes data through an ordinary open of path, without
// creating, truncating or replacing anything: what path is (a device, a
// pipe, a terminal, a descriptor) stays what it is.
func writeInPlace(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, bare(err))
	}
	if _, err := f.Write(data); err != nil {
		_ = f.Close()
		return fmt.Errorf("write %s: %w", path, bare(err))
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, bare(err))
	}
	return nil
}
