package cli

import (
	"context"
	"errors"
	"fmt"
)

// Exit codes: the one table of what ah's exit status means.
const (
	ExitOK          = 0   // the gate passed (warnings and info allowed)
	ExitFailed      = 1   // the gate failed: at least one blocking finding
	ExitCannotRun   = 2   // ah could not run: usage error, invalid config, internal error
	ExitInterrupted = 130 // interrupted (Ctrl-C); what finished was printed
)

// ExitError carries an exit code and, unless empty, a message for stderr.
type ExitError struct {
	Code    int
	Message string
	// Cause, when set, is what callers may match with errors.Is.
	Cause error
}

// Unwrap returns the cause.
func (e *ExitError) Unwrap() error { return e.Cause }

func (e *ExitError) Error() string {
	if e.Message == "" {
		return fmt.Sprintf("exit %d", e.Code)
	}
	return e.Message
}

// errGateFailed is the silent outcome of a check that found blocking
// findings: the findings were already printed.
var errGateFailed = &ExitError{Code: ExitFailed}

// usageError builds an exit-2 error for bad arguments.
func usageError(format string, args ...any) error {
	return &ExitError{Code: ExitCannotRun, Message: fmt.Sprintf(format, args...)}
}

// exitCode decides the exit status for a command's error.
func exitCode(err error) int {
	var ee *ExitError
	switch {
	case err == nil:
		return ExitOK
	case errors.As(err, &ee):
		return ee.Code
	case errors.Is(err, context.Canceled):
		return ExitInterrupted
	default:
		return ExitCannotRun
	}
}
