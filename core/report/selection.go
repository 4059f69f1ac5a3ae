package report

import "github.com/espectacular/ah/core/selection"

// Selection is what ah check --run-tests ran of the scope and why (issue
// 13): the changed-file set, where it came from, and the contracts it
// selected. It narrows execution only; every unit is still checked.
type Selection struct {
	// Source is all-tests, files, range or worktree.
	Source string
	// Base and Head are the resolved commit ids of a range, else empty.
	Base, Head string
	// ChangedFiles are repository-relative paths, sorted.
	ChangedFiles []string
	// Selected are capabilities; SelectedContracts and Skipped are
	// <capability>/<scenario-id> keys of the contracts run and not run.
	Selected          []string
	SelectedContracts []string
	Skipped           []string
	// Fallback says why every contract ran although a change was asked
	// for; empty when the selection narrowed or with --all-tests.
	Fallback string
	// Reasons say per selected contract which changed file and rule
	// selected it (issue 25); empty with a Fallback.
	Reasons []selection.Reason
}
