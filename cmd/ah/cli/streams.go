package cli

import (
	"io"
	"os"

	"github.com/espectacular/ah/drivers"
	"github.com/espectacular/ah/infra/execproc"
	"github.com/espectacular/ah/infra/osfs"
	"github.com/espectacular/ah/infra/scratch"
	"github.com/espectacular/ah/ports"
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

// Deps are the outside-world dependencies of the commands.
type Deps struct {
	Streams *IOStreams
	Getwd   func() (string, error)
	Getenv  func(string) string
	// Process runs child processes.
	Process ports.Process
	// Drivers are the bundled test-framework adapters; Scratch holds their
	// report files. Without drivers, adapter-typed tests need a runner.
	Drivers []ports.Driver
	Scratch ports.Scratch
	// NewWriter returns an atomic writer for files below root.
	NewWriter func(root string) ports.Writer
}

// System wires the real operating system.
func System() *Deps {
	return &Deps{
		Streams: &IOStreams{
			In: os.Stdin, Out: os.Stdout, Err: os.Stderr,
			OutTTY: isTerminal(os.Stdout), ErrTTY: isTerminal(os.Stderr),
		},
		Getwd:     os.Getwd,
		Getenv:    os.Getenv,
		Process:   &execproc.Runner{},
		Drivers:   drivers.All(),
		Scratch:   scratch.New(),
		NewWriter: func(root string) ports.Writer { return osfs.New(root) },
	}
}

// color reports whether Out may carry ANSI colour.
func (d *Deps) color() bool {
	return d.Streams.OutTTY && d.Getenv("NO_COLOR") == "" && d.Getenv("TERM") != "dumb"
}

func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
