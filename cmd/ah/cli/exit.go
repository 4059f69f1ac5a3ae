package cli

import (
	"context"
	"errors"
	"fmt"

	"github.com/espectacular/ah/core/lifecycle"
)

// Exit codes: the one table of what ah's exit status means.
const (
	ExitOK          = 0   // the gate passed (warnings and info allowed)
	ExitFailed      = 1   // the gate failed: at least one blocking finding
	ExitCannotRun   = 2   // ah could not run: usage error, invalid config, internal error
	ExitInterrupted = 130 // interrupted (Ctrl-C); what finished was printed
)

// The typed errors a command returns; exitCode alone maps them to codes.
// Each carries a message for stderr (and the --json error envelope); an
// empty message is silent: the command has already printed its report.
// Cause, when set, is what callers may match with errors.Is and
// errors.As.
type (
	// UsageError is bad arguments or flags: exit 2.
	UsageError struct {
		Message string
		Cause   error
	}
	// RunError is ah unable to do its job (unreadable or invalid config,
	// a file it cannot write): exit 2.
	RunError struct {
		Message string
		Cause   error
	}
	// FailedError is a failed gate, or a refusal the user must act on:
	// exit 1.
	FailedError struct {
		Message string
		Cause   error
	}
	// InterruptedError is a run cut short by a signal: exit 130, or 128+n
	// for signal n (WithSignal).
	InterruptedError struct {
		Message string
	}
)

func (e *UsageError) Error() string       { return orCode(e.Message, ExitCannotRun) }
func (e *RunError) Error() string         { return orCode(e.Message, ExitCannotRun) }
func (e *FailedError) Error() string      { return orCode(e.Message, ExitFailed) }
func (e *InterruptedError) Error() string { return orCode(e.Message, ExitInterrupted) }

// Unwrap returns the cause.
func (e *UsageError) Unwrap() error { return e.Cause }

// Unwrap returns the cause.
func (e *RunError) Unwrap() error { return e.Cause }

// Unwrap returns the cause.
func (e *FailedError) Unwrap() error { return e.Cause }

func orCode(msg string, code int) string {
	if msg == "" {
		return fmt.Sprintf("exit %d", code)
	}
	return msg
}

// errGateFailed is the silent outcome of a check that found blocking
// findings: the findings were already printed.
var errGateFailed = &FailedError{}

// usageError builds a *UsageError from a format.
func usageError(format string, args ...any) error {
	return &UsageError{Message: fmt.Sprintf(format, args...)}
}

// classify decides the exit status of a command's error, and whether the
// error is silent (its command already said everything).
func classify(err error) (code int, silent bool) {
	if err == nil {
		return ExitOK, true
	}
	if e, ok := errors.AsType[*UsageError](err); ok {
		return ExitCannotRun, e.Message == ""
	}
	if e, ok := errors.AsType[*RunError](err); ok {
		return ExitCannotRun, e.Message == ""
	}
	if e, ok := errors.AsType[*FailedError](err); ok {
		return ExitFailed, e.Message == ""
	}
	if e, ok := errors.AsType[*InterruptedError](err); ok {
		return ExitInterrupted, e.Message == ""
	}
	if errors.Is(err, context.Canceled) {
		return ExitInterrupted, false
	}
	// Ops refusing to overwrite or to archive is a failed gate: the
	// user must act on the files it names.
	_, exists := errors.AsType[*lifecycle.ExistsError](err)
	_, refused := errors.AsType[*lifecycle.RefusedError](err)
	if exists || refused {
		return ExitFailed, false
	}
	return ExitCannotRun, false
}

// typed reports whether err is (or wraps) one of the typed errors above.
func typed(err error) bool {
	var (
		u *UsageError
		r *RunError
		f *FailedError
		i *InterruptedError
	)
	return errors.As(err, &u) || errors.As(err, &r) || errors.As(err, &f) || errors.As(err, &i)
}

// exitCode decides the exit status for a command's error.
func exitCode(err error) int {
	code, _ := classify(err)
	return code
}

// WithSignal is the exit status of a run that ended with code after
// signal n stopped it (n = 0: none): an interrupted run exits 128+n (130
// for Ctrl-C), as a shell reports a process that signal ended. The
// binary and the acceptance harness both use it.
func WithSignal(code, n int) int {
	if n > 0 && code == ExitInterrupted {
		return 128 + n
	}
	return code
}
