package ports

import (
	"context"
	"errors"
)

// ErrSpkUnavailable is wrapped by Spk errors when the spk program cannot be
// started (not installed, or [spk] command names a missing program).
var ErrSpkUnavailable = errors.New("spk is not available")

// SpkError is a spk run that did not give a usable answer: an error
// envelope without issues, output that is not an envelope, a parse error.
type SpkError struct {
	Verb, Path string
	Message    string
}

func (e *SpkError) Error() string {
	if e.Path == "" {
		return "spk " + e.Verb + " failed: " + e.Message
	}
	return "spk " + e.Verb + " " + e.Path + " failed: " + e.Message
}

// SpkIssue is one lint issue: the rule (linter.unique_id), the file or
// node it is about, and spk's message.
type SpkIssue struct {
	RuleID, File, Message string
}

// SpkLint is the outcome of spk lint on one file; Clean means exit 0 and
// no issues, whatever the envelope's ok says (it changed meaning between
// spk versions).
type SpkLint struct {
	Clean  bool
	Issues []SpkIssue
}

// SpkRow is one table row of spk parse: its id, its kind (nil when the
// table has no kind column) and its cells by column header.
type SpkRow struct {
	ID    string
	Kind  *string
	Cells map[string]string
}

// SpkTransition is one row of the Transitions table.
type SpkTransition struct {
	ID, From, To string
	// Guard is nil when the cell is blank.
	Guard *string
}

// SpkSpec is the part of spk parse's output ah reads.
type SpkSpec struct {
	Constraints []SpkRow
	// States carry their emits cell, if any, in Cells["emits"].
	States      []SpkRow
	Transitions []SpkTransition
	Properties  []SpkRow
}

// Spk runs specodelic's spk on spec files. Paths are repository-relative
// and include the capability directory: under format revision 18 a
// spec.md takes its id from its parent directory.
type Spk interface {
	// Version is spk's version (spk --version --json).
	Version(ctx context.Context) (string, error)
	Lint(ctx context.Context, path string) (SpkLint, error)
	Parse(ctx context.Context, path string) (SpkSpec, error)
}
