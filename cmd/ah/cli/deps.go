package cli

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"runtime"

	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/drivers"
	"github.com/espectacular/ah/infra/execproc"
	"github.com/espectacular/ah/infra/gitcli"
	"github.com/espectacular/ah/infra/osfs"
	"github.com/espectacular/ah/infra/probecache"
	"github.com/espectacular/ah/infra/scratch"
	"github.com/espectacular/ah/infra/spkcli"
	"github.com/espectacular/ah/infra/sysclock"
	"github.com/espectacular/ah/ports"
)

// Deps are everything ah reaches outside itself: the ports a program
// embedding ah may replace (see docs/embedding.md).
// Start from System and swap fields; every field except LimitProcs,
// WriteOutput, AppendFile, ProbeCache and Spk must be set (a nil one is a programming error).
type Deps struct {
	Streams *IOStreams
	Getwd   func() (string, error)
	Getenv  func(string) string
	// Process runs every child process: tests, framework probes, git. If
	// it is an io.Closer, Main closes it after each command (the binary's
	// runner stops descendants that escaped their process group there).
	Process ports.Process
	// Git answers questions about the git work tree holding dir (the
	// repository root); ah doctor uses it to warn about uncommitted specs,
	// ah check --run-tests to select the contracts a change affects.
	Git func(dir string) ports.Git
	// OpenFS returns the filesystem the repository at root is read from.
	OpenFS func(root string) fs.FS
	// NewWriter returns an atomic writer for files below root.
	NewWriter func(root string) ports.Writer
	// WriteOutput writes a file the user named (--output, ah report
	// --html) under the writer policy of osfs.WriteUserFile; nil writes it
	// through NewWriter of its directory.
	WriteOutput func(ctx context.Context, path string, data []byte) error
	// AppendFile opens a file outside the repository for appending (the
	// GitHub job summary); nil writes no job summary.
	AppendFile func(path string) (io.WriteCloser, error)
	// Clock times the run for --timings.
	Clock ports.Clock
	// Heartbeat is the clock the plain progress display waits on to print
	// a line after a silent minute; nil prints none. It is apart from
	// Clock so a fake Clock stepping on every read times --timings alone.
	Heartbeat ports.Clock
	// Drivers are the bundled test-framework adapters; Scratch holds their
	// report files. Without drivers, adapter-typed tests need a runner.
	Drivers []ports.Driver
	Scratch ports.Scratch
	// LimitProcs, when set, is told how many tests may run at once before
	// they start and returns a function undoing what it did. The binary
	// lowers GOMAXPROCS there (capProcs); a program embedding ah leaves it
	// nil so its own runtime settings are never changed.
	LimitProcs func(jobs int) (restore func())
	// ProbeCache keeps adapter probe results between checks (the user's
	// cache directory); nil probes on every check. ah doctor and ah init
	// always probe afresh.
	ProbeCache ports.ProbeCache
	// Spk runs specodelic's spk (ah sync, the contract-stale check) with
	// the argv prefix of [spk] command (empty: spk) in the repository
	// root. Nil means spk is unavailable.
	Spk func(argv []string, root string) ports.Spk
}

// System wires the real operating system: the dependencies of the ah
// binary.
func System() *Deps {
	proc := &execproc.Process{}
	d := &Deps{
		Streams: &IOStreams{
			In: os.Stdin, Out: os.Stdout, Err: os.Stderr,
			OutTTY: isTerminal(os.Stdout), ErrTTY: isTerminal(os.Stderr),
		},
		Getwd:       os.Getwd,
		Getenv:      os.Getenv,
		Process:     proc,
		Git:         func(dir string) ports.Git { return gitcli.New(proc, dir) },
		OpenFS:      func(root string) fs.FS { return osfs.DirFS(root) },
		NewWriter:   func(root string) ports.Writer { return osfs.New(root) },
		WriteOutput: osfs.WriteUserFile,
		AppendFile:  appendFile,
		Clock:       sysclock.Clock{},
		Heartbeat:   sysclock.Clock{},
		Drivers:     drivers.All(),
		Scratch:     scratch.New(),
		LimitProcs:  capProcs,
		Spk:         func(argv []string, root string) ports.Spk { return spkcli.New(proc, argv, root) },
	}
	if c := probecache.New(os.Getenv); c != nil {
		d.ProbeCache = c
	}
	return d
}

// color reports whether Out may carry ANSI colour.
func (d *Deps) color() bool {
	return d.Streams.OutTTY && d.Getenv("NO_COLOR") == "" && d.Getenv("TERM") != "dumb"
}

// capProcs lowers GOMAXPROCS to the number of tests that may run at once
// (never raising it) and returns a function restoring it. While tests run,
// ah only starts children, waits for them and copies their output: Ps
// beyond the running tests add nothing but cross-thread wake-ups to every
// process start, about 13% of the wall time of 200 trivial tests at
// --jobs 1 on a 2-vCPU machine (acceptance/bench). It changes the whole
// process, so only the binary's System wiring uses it.
func capProcs(jobs int) (restore func()) {
	prev := runtime.GOMAXPROCS(0)
	want := min(prev, max(jobs, 1))
	if want == prev {
		// Setting it would also stop the runtime from following CPU
		// limit changes, for nothing.
		return func() {}
	}
	runtime.GOMAXPROCS(want)
	return func() { runtime.GOMAXPROCS(prev) }
}

// appendFile opens path for appending, creating it: the runner creates the
// job summary file, but a missing one is no reason to fail the gate.
func appendFile(path string) (io.WriteCloser, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			return nil, pe.Err
		}
		return nil, err
	}
	return f, nil
}

// env is where the processes of a check run in repository r: adapter
// probes, tests and the mutation tool, filled here once for every command.
func (d *Deps) env(r *repo) execution.Env {
	return execution.Env{Process: d.Process, Dir: r.Root, Repo: r.FS, Scratch: d.Scratch, Getenv: d.Getenv}
}
