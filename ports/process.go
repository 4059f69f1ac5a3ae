package ports

import (
	"context"
	"io"
	"time"
)

// Command is one child process to run.
type Command struct {
	// Argv is the program and its arguments; Argv[0] is looked up on PATH
	// when it contains no slash. No shell is involved.
	Argv []string
	// Dir is the working directory (absolute, or relative to the process's
	// own working directory). Empty means the current directory.
	Dir string
	// Env, when non-nil, is appended to the inherited environment
	// ("KEY=value" entries; later entries win).
	Env []string
	// Timeout bounds the run; zero means no bound beyond ctx.
	Timeout time.Duration
	// TailBytes is how many trailing bytes of stdout and of stderr to keep.
	// Zero means DefaultTailBytes.
	TailBytes int
	// Stdout, when set, also receives every byte of stdout as it is read,
	// so a consumer can parse a stream far larger than the tail. It is not
	// written to after Run returns.
	Stdout io.Writer
	// Stderr, when set, likewise receives every byte of stderr (cargo's
	// compile errors, read as they stream).
	Stderr io.Writer
}

// DefaultTailBytes is the size of the stdout and stderr tails kept per run.
const DefaultTailBytes = 8 * 1024

// Result is the outcome of one run. It carries everything needed to build a
// finding, so nobody parses error strings.
type Result struct {
	// ExitCode is the child's exit status; -1 when it did not exit normally
	// (killed by a signal, or never started).
	ExitCode int
	// Signaled is true when the child was terminated by a signal.
	Signaled bool
	// TimedOut is true when Timeout expired and the process group was stopped.
	TimedOut bool
	// Canceled is true when ctx was cancelled (for example by Ctrl-C).
	Canceled bool
	// IOIncomplete is true when a descendant kept stdout or stderr open after
	// the child exited and the pipes were abandoned after a grace period.
	IOIncomplete bool
	// Stdout and Stderr are the last TailBytes of each stream, cut so that
	// they start on a UTF-8 boundary.
	Stdout, Stderr []byte
	// StdoutBytes and StderrBytes count everything the child wrote.
	StdoutBytes, StderrBytes int64
	// Duration is the wall time of the run (reported only with --timings).
	Duration time.Duration
}

// Process runs child processes. Run returns an error only when the command
// could not be started at all (for example the program does not exist);
// every outcome of a started process, including timeouts, is in Result.
type Process interface {
	Run(ctx context.Context, cmd Command) (Result, error)
}

// ProgramNotFoundError is the error Run returns when the program itself is
// not installed: not found on PATH, or a path naming no file. ah knows this
// from starting it, not from anything the program printed, so the gate can
// name the missing tool once (issue 37).
type ProgramNotFoundError struct {
	// Program is Argv[0] as given.
	Program string
	// Err is the underlying error, with its plain words.
	Err error
}

func (e *ProgramNotFoundError) Error() string { return e.Err.Error() }
func (e *ProgramNotFoundError) Unwrap() error { return e.Err }
