package lifecycle

import "strings"

// RefusedError is a plan ah refuses to carry out (exit 1, nothing
// written): each problem names its file.
type RefusedError struct {
	Problems []string
}

func (e *RefusedError) Error() string {
	return "refused, nothing was written:\n  " + strings.Join(e.Problems, "\n  ")
}

// InputError is a request that cannot be planned as given (exit 2): a
// missing requirement, a change without a delta, a missing contract.
type InputError struct{ Message string }

func (e *InputError) Error() string { return e.Message }
