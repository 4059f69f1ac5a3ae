package osfs

import (
	"errors"
	"syscall"
)

// plainError says which step of a write failed and why, in words: "could
// not replace it with the new version: permission denied" rather than Go's
// "renameat .config.toml.ah-tmp-1 config.toml: permission denied", which
// names a temporary file the user never sees. The cause still matches
// errors.Is.
type plainError struct {
	what string
	err  error
}

func plain(what string, err error) error { return &plainError{what, err} }

// bare drops the system call and path from err's message, for callers
// that already name the file: "no such file or directory".
func bare(err error) error { return &plainError{"", err} }

func (e *plainError) Error() string {
	why := e.err.Error()
	var errno syscall.Errno
	if errors.As(e.err, &errno) {
		why = errno.Error()
	}
	if e.what == "" {
		return why
	}
	return e.what + ": " + why
}

func (e *plainError) Unwrap() error { return e.err }
