package lifecycle

import "strings"

// RefusedError is a plan ah refuses to carry out (exit 1, nothing
// written): each problem names its file.
type RefusedError struct {
	Problems []string
}

func (e *RefusedError) Error() string { return strings.Join(e.Lines(), "\n") }

// Lines are the message's lines: the refusal, then each problem indented.
// A printer escapes each line's text on its own and keeps the line breaks,
// which are ah's own (a file name with a newline stays on its line).
func (e *RefusedError) Lines() []string {
	lines := []string{"refused, nothing was written:"}
	for _, p := range e.Problems {
		lines = append(lines, "  "+p)
	}
	return lines
}

// InputError is a request that cannot be planned as given (exit 2): a
// missing requirement, a change without a delta, a missing contract.
type InputError struct{ Message string }

func (e *InputError) Error() string { return e.Message }
