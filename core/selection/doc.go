// Package selection narrows ah check --run-tests to the contracts a change
// can affect (issue 13). Gathering the changed files asks the git port;
// deciding what they select is a pure function of those facts, the scope's
// contracts and the [selection] config. Only execution is ever narrowed:
// the structural gate always covers the full scope. Every degenerate case
// (no git, a bad ref, an empty range or worktree, a file nothing claims, a
// mapping selecting nothing) runs every contract and says why, so a run is
// never green on zero tests because of selection.
package selection
