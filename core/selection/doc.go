// Package selection narrows ah check --run-tests to the contracts the
// changed files can affect (issues 13, 25 and 35). Gathering the changed
// files (a Diff; a change proposal is core/overlay's) asks the git port;
// deciding what they select is a pure function of those facts, the
// scope's contracts, the [selection] config and the frameworks'
// dependency graphs. Only execution is ever narrowed: the structural gate
// always covers the full scope. Nothing narrows on a file ah cannot
// account for: a changed file narrows only when the spec layout, a graph
// node or a [selection] ignore glob accounts for it, and a [selection]
// paths glob only adds. Every degenerate case (no git, a bad ref, an empty
// range or worktree, a file nothing accounts for, a graph that cannot be
// computed, a decision selecting nothing) runs every contract and says
// why, so a run is never green on zero tests because of selection.
package selection
