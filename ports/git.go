package ports

import (
	"context"
	"errors"
)

// ErrNotWorkTree is returned by Git.Prefix when the directory is not
// inside a git work tree: not an error to report, only a fact.
var ErrNotWorkTree = errors.New("not inside a git work tree")

// Git answers questions about the repository's history and working tree.
type Git interface {
	// Prefix is the directory's slash-separated path relative to the top
	// of its work tree, "" at the top (git rev-parse --show-prefix), or
	// ErrNotWorkTree.
	Prefix(ctx context.Context) (string, error)
	// ChangedFiles lists repository-relative, slash-separated paths that
	// differ between base and head (git diff --name-only base head).
	ChangedFiles(ctx context.Context, base, head string) ([]string, error)
	// WorktreeChanges lists paths changed in the working tree and index
	// relative to HEAD, untracked files included. Paths are relative to
	// the top of the work tree, not to the directory.
	WorktreeChanges(ctx context.Context) ([]string, error)
}
