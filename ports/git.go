package ports

import (
	"context"
	"errors"
)

// ErrNotWorkTree is returned by Git.Prefix when the directory is not
// inside a git work tree: not an error to report, only a fact.
var ErrNotWorkTree = errors.New("not inside a git work tree")

// ErrUnknownRef is returned by Git.ResolveCommit when the ref names no
// commit: a fact the caller reports, not a failure of git.
var ErrUnknownRef = errors.New("names no commit")

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
	// ResolveCommit returns the full commit id ref names (git rev-parse
	// --verify ref^{commit}), or ErrUnknownRef.
	ResolveCommit(ctx context.Context, ref string) (string, error)
	// ResolveTree returns the id of the tree of the commit ref names (git
	// rev-parse --verify ref^{tree}), or ErrUnknownRef (a repository with
	// no commit yet has no HEAD tree). A tree id git has names itself, so
	// ResolveTree also says whether git knows a tree (ah verify).
	ResolveTree(ctx context.Context, ref string) (string, error)
}
