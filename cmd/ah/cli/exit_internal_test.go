package cli

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/core/lifecycle"
	"github.com/espectacular/ah/core/spec"
	"github.com/espectacular/ah/core/unit"
)

// TestClassify: every error a command returns gets its exit code in one
// place; a typed error without a message is silent (the command printed
// its report), anything untyped is exit 2 with its message.
func TestClassify(t *testing.T) {
	for _, tt := range []struct {
		name   string
		err    error
		code   int
		silent bool
	}{
		{"nil", nil, ExitOK, true},
		{"usage", usageError("bad flag %s", "-x"), ExitCannotRun, false},
		{"run", &RunError{Message: "cannot write"}, ExitCannotRun, false},
		{"gate failed", errGateFailed, ExitFailed, true},
		{"refusal", &FailedError{Message: "kept orphan"}, ExitFailed, false},
		{"interrupted after the report", &InterruptedError{}, ExitInterrupted, true},
		{"cancelled", fmt.Errorf("read: %w", context.Canceled), ExitInterrupted, false},
		{"a plan refusing to overwrite", fmt.Errorf("ah init: %w", &lifecycle.ExistsError{Paths: []string{"a"}}), ExitFailed, false},
		{"a plan refusing to archive", &lifecycle.RefusedError{}, ExitFailed, false},
		{"unknown unit", fmt.Errorf("ah check %w", &unit.UnknownError{}), ExitCannotRun, false},
		{"missing specs", &spec.DirError{Path: "openspec/specs"}, ExitCannotRun, false},
		{"anything else", errors.New("boom"), ExitCannotRun, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, silent := classify(tt.err)
			assert.Equal(t, tt.code, code)
			assert.Equal(t, tt.silent, silent)
		})
	}
}

// TestWithSignal: an interrupted run exits 128+n for the signal n that
// stopped it; other codes, and runs no signal stopped, keep theirs.
func TestWithSignal(t *testing.T) {
	assert.Equal(t, 130, WithSignal(ExitInterrupted, 2))
	assert.Equal(t, 143, WithSignal(ExitInterrupted, 15))
	assert.Equal(t, ExitInterrupted, WithSignal(ExitInterrupted, 0))
	assert.Equal(t, ExitFailed, WithSignal(ExitFailed, 15))
}
