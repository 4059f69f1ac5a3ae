//go:build !linux

package execproc

import "os"

// outputPipe makes the pipe for one of a child's output streams.
func outputPipe() (r, w *os.File, err error) { return os.Pipe() }
