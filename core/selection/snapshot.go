package selection

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/espectacular/ah/ports"
)

// Snapshot is the source of ah verify and ah check --carry (issue 41): the
// files changed between an evidence snapshot's state and the current one.
const Snapshot = "snapshot"

// Here is the current state of the work tree: the tree of HEAD and the
// uncommitted paths, relative to the repository root. Problem says why it
// cannot be known (no git work tree, no commit yet).
type Here struct {
	Tree    string
	Dirty   []string
	Problem string
}

// Current asks git for the state of the work tree holding the repository.
func Current(ctx context.Context, git ports.Git) Here {
	prefix, problem := prefixOf(ctx, git, "the tree it proves")
	if problem != "" {
		return Here{Problem: problem}
	}
	tree, err := git.ResolveTree(ctx, "HEAD")
	if err != nil {
		return Here{Problem: fmt.Sprintf("git could not name the tree of HEAD (%v)", cause(err))}
	}
	files, err := git.WorktreeChanges(ctx)
	if err != nil {
		return Here{Problem: fmt.Sprintf("git could not list the worktree's changes (%v)", cause(err))}
	}
	return Here{Tree: tree, Dirty: relative(prefix, files)}
}

// Since is the changed-file set between a snapshot's tree (from) and the
// current tree (to): git diff --name-only from to, plus extra (the dirty
// paths whose content differs on either side). A tree git does not know
// is a Problem: nothing is known to be unchanged.
func Since(ctx context.Context, git ports.Git, from, to string, extra []string) Diff {
	ch := Diff{Source: Snapshot, Base: from, Head: to}
	if _, err := git.ResolveTree(ctx, from); err != nil {
		if errors.Is(err, ports.ErrUnknownRef) {
			ch.Problem = fmt.Sprintf("the snapshot's tree %s is unknown to git here (fetch the commit that has it), so nothing is known to be unchanged", short(from))
		} else {
			ch.Problem = fmt.Sprintf("git could not resolve the snapshot's tree %s (%v)", short(from), cause(err))
		}
		return ch
	}
	prefix, problem := prefixOf(ctx, git, "the changes since the snapshot")
	if problem != "" {
		ch.Problem = problem
		return ch
	}
	files, err := git.ChangedFiles(ctx, from, to)
	if err != nil {
		ch.Problem = fmt.Sprintf("git could not list the changes since the snapshot (%v)", err)
		return ch
	}
	all := append(relative(prefix, files), extra...)
	slices.Sort(all)
	ch.Files = slices.Compact(all)
	if ch.Files == nil {
		ch.Files = []string{}
	}
	return ch
}
