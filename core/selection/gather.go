package selection

import (
	"context"
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/espectacular/ah/ports"
)

// Gather builds the changed-file set by the total precedence --all-tests >
// --files > --base/--head > worktree. git is asked only when the source
// needs it, about the directory holding the repository root. A git problem
// is never an error: it becomes Problem, and every contract runs.
func Gather(ctx context.Context, git ports.Git, req Request) Diff {
	switch {
	case req.AllTests:
		return Diff{Source: AllTests}
	case req.Files != nil:
		ch := Diff{Source: Files, Files: cleanFiles(req.Files)}
		if len(ch.Files) == 0 {
			ch.Problem = "--files names no file"
		}
		return ch
	case req.Base != "":
		return gatherRange(ctx, git, req)
	}
	return gatherWorktree(ctx, git)
}

func gatherRange(ctx context.Context, git ports.Git, req Request) Diff {
	ch := Diff{Source: Range}
	head := req.Head
	if head == "" {
		head = "HEAD"
	}
	prefix, problem := prefixOf(ctx, git, "the range")
	if problem != "" {
		ch.Problem = problem
		return ch
	}
	base, problem := resolve(ctx, git, "--base", req.Base)
	if problem == "" {
		head, problem = resolve(ctx, git, "--head", head)
	}
	if problem != "" {
		ch.Problem = problem
		return ch
	}
	ch.Base, ch.Head = base, head
	files, err := git.ChangedFiles(ctx, base, head)
	if err != nil {
		ch.Problem = fmt.Sprintf("git could not list the range's changes (%v)", err)
		return ch
	}
	ch.Files = relative(prefix, files)
	if len(ch.Files) == 0 {
		ch.Problem = fmt.Sprintf("the range %s..%s changes no file", short(base), short(head))
	}
	return ch
}

func gatherWorktree(ctx context.Context, git ports.Git) Diff {
	ch := Diff{Source: Worktree}
	prefix, problem := prefixOf(ctx, git, "the worktree diff")
	if problem != "" {
		ch.Problem = problem
		return ch
	}
	files, err := git.WorktreeChanges(ctx)
	if err != nil {
		ch.Problem = fmt.Sprintf("git could not list the worktree's changes (%v)", err)
		return ch
	}
	ch.Files = relative(prefix, files)
	if len(ch.Files) == 0 {
		ch.Problem = "the worktree has no changes against HEAD; use --base <ref> to select by a commit range"
	}
	return ch
}

// prefixOf is the repository root's place in its work tree, or why it
// cannot be known.
func prefixOf(ctx context.Context, git ports.Git, what string) (string, string) {
	prefix, err := git.Prefix(ctx)
	switch {
	case errors.Is(err, ports.ErrNotWorkTree):
		return "", fmt.Sprintf("the repository is not in a git work tree, so %s is unknown", what)
	case err != nil:
		return "", fmt.Sprintf("git could not find the work tree (%v)", cause(err))
	}
	return prefix, ""
}

func resolve(ctx context.Context, git ports.Git, flag, ref string) (string, string) {
	id, err := git.ResolveCommit(ctx, ref)
	switch {
	case errors.Is(err, ports.ErrUnknownRef):
		return "", fmt.Sprintf("%s %q names no commit", flag, ref)
	case err != nil:
		return "", fmt.Sprintf("git could not resolve %s %q (%v)", flag, ref, err)
	}
	return id, ""
}

// cause drops the port's "work tree of <dir>" context: the reason must be
// the same wherever the repository lies (golden output), and the user
// knows which repository they checked.
func cause(err error) error {
	if inner := errors.Unwrap(err); inner != nil {
		return inner
	}
	return err
}

// short is a commit id as people read it.
func short(id string) string { return id[:min(len(id), 12)] }

// cleanFiles splits nothing (the CLI splits on commas) but drops empty
// values and normalises ./a//b to a/b, sorted and deduplicated.
func cleanFiles(files []string) []string {
	out := []string{}
	for _, f := range files {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		out = append(out, path.Clean(f))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// relative turns git's work-tree-relative paths into paths relative to the
// repository root at prefix; a file outside the root gets a ../ path, so
// no mapping claims it and the run stays conservative.
func relative(prefix string, files []string) []string {
	out := make([]string, 0, len(files))
	for _, f := range files {
		out = append(out, relPath(prefix, f))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func relPath(prefix, file string) string {
	if prefix == "" {
		return file
	}
	if rest, ok := strings.CutPrefix(file, prefix+"/"); ok {
		return rest
	}
	from, to := strings.Split(prefix, "/"), strings.Split(file, "/")
	// Only directories are shared: the file's own name is always kept.
	i, n := 0, min(len(from), len(to)-1)
	for i < n && from[i] == to[i] {
		i++
	}
	return strings.Repeat("../", len(from)-i) + strings.Join(to[i:], "/")
}
