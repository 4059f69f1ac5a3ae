package ports

import "context"

// Git answers questions about the repository's history and working tree.
type Git interface {
	// ChangedFiles lists repository-relative, slash-separated paths that
	// differ between base and head (git diff --name-only base head).
	ChangedFiles(ctx context.Context, base, head string) ([]string, error)
	// WorktreeChanges lists paths changed in the working tree and index
	// relative to HEAD, untracked files included.
	WorktreeChanges(ctx context.Context) ([]string, error)
}
