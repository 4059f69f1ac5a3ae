// Package spelling suggests the known name a misspelt one was meant to be,
// for "did you mean" hints in messages (issue 8: errors that lead
// somewhere).
package spelling
