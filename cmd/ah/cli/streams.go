package cli

import (
	"io"
	"os"
)

// IOStreams are the process's standard streams, injected so commands never
// touch os.Stdout and tests capture everything.
type IOStreams struct {
	In       io.Reader
	Out, Err io.Writer
	// ErrTTY is true when Err is a terminal (live progress goes there).
	ErrTTY bool
	// OutTTY is true when Out is a terminal (colour is allowed there).
	OutTTY bool
}

func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
