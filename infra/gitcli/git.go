package gitcli

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/espectacular/ah/ports"
)

// maxOutput is the tail size asked of the process port: git's listing must
// arrive whole, and the runner allocates only what git actually prints.
const maxOutput = 64 << 20

// Git runs git in one directory of a repository.
type Git struct {
	proc ports.Process
	dir  string
}

var _ ports.Git = (*Git)(nil)

// New returns a Git running git in dir through proc. A nil proc is a
// programming error and panics.
func New(proc ports.Process, dir string) *Git {
	if proc == nil {
		panic("gitcli.New: nil ports.Process")
	}
	return &Git{proc: proc, dir: dir}
}

// Prefix returns the directory's path below the top of its work tree, or
// ports.ErrNotWorkTree outside one (including inside a .git directory or a
// bare repository).
func (g *Git) Prefix(ctx context.Context) (string, error) {
	out, err := g.git(ctx, "rev-parse", "--is-inside-work-tree", "--show-prefix")
	var ee *exitError
	if errors.As(err, &ee) && ee.code == 128 && strings.Contains(ee.stderr, "not a git repository") {
		return "", ports.ErrNotWorkTree
	}
	if err != nil {
		return "", fmt.Errorf("work tree of %s: %w", g.dirName(), err)
	}
	inside, prefix, _ := strings.Cut(string(out), "\n")
	if inside != "true" {
		return "", ports.ErrNotWorkTree
	}
	return strings.TrimSuffix(strings.TrimSuffix(prefix, "\n"), "/"), nil
}

// ChangedFiles lists the paths that differ between base and head. Renames
// are split into a deletion and an addition, so both paths are listed.
func (g *Git) ChangedFiles(ctx context.Context, base, head string) ([]string, error) {
	for _, ref := range []string{base, head} {
		// A ref starting with "-" would be read as an option.
		if ref == "" || strings.HasPrefix(ref, "-") {
			return nil, fmt.Errorf("changed files between %q and %q: invalid ref %q", base, head, ref)
		}
	}
	out, err := g.git(ctx, "diff", "--name-only", "--no-renames", "-z", base, head, "--")
	if err != nil {
		return nil, fmt.Errorf("changed files between %q and %q: %w", base, head, err)
	}
	return sortedPaths(splitNUL(out)), nil
}

// ResolveCommit returns the full id of the commit ref names, or
// ports.ErrUnknownRef when it names none (git exits 1 under --quiet).
func (g *Git) ResolveCommit(ctx context.Context, ref string) (string, error) {
	return g.resolve(ctx, ref, "^{commit}")
}

// ResolveTree returns the id of the tree of the commit ref names, or
// ports.ErrUnknownRef when it names none.
func (g *Git) ResolveTree(ctx context.Context, ref string) (string, error) {
	return g.resolve(ctx, ref, "^{tree}")
}

// resolve peels ref to the object kind suffix names (^{commit}, ^{tree}).
func (g *Git) resolve(ctx context.Context, ref, suffix string) (string, error) {
	if ref == "" || strings.HasPrefix(ref, "-") {
		// A ref starting with "-" would be read as an option.
		return "", fmt.Errorf("resolve %q: %w", ref, ports.ErrUnknownRef)
	}
	out, err := g.git(ctx, "rev-parse", "--verify", "--quiet", "--end-of-options", ref+suffix)
	var ee *exitError
	if errors.As(err, &ee) && ee.code == 1 {
		return "", fmt.Errorf("resolve %q: %w", ref, ports.ErrUnknownRef)
	}
	if err != nil {
		return "", fmt.Errorf("resolve %q: %w", ref, err)
	}
	return strings.TrimSpace(string(out)), nil
}

// WorktreeChanges lists paths whose index or working-tree state differs
// from HEAD, plus untracked files that are not ignored. A rename lists both
// its old and new path.
func (g *Git) WorktreeChanges(ctx context.Context) ([]string, error) {
	out, err := g.git(ctx, "status", "--porcelain=v1", "-z", "--untracked-files=all")
	if err != nil {
		return nil, fmt.Errorf("worktree changes in %s: %w", g.dirName(), err)
	}
	paths, err := parseStatus(splitNUL(out))
	if err != nil {
		return nil, fmt.Errorf("worktree changes in %s: %w", g.dirName(), err)
	}
	return sortedPaths(paths), nil
}

// parseStatus reads `git status --porcelain=v1 -z` entries: "XY path", where
// a rename or copy is followed by an entry holding the original path.
func parseStatus(entries []string) ([]string, error) {
	var paths []string
	for i := 0; i < len(entries); i++ {
		e := entries[i]
		if len(e) < 4 || e[2] != ' ' {
			return nil, fmt.Errorf("unexpected git status entry %q", e)
		}
		paths = append(paths, e[3:])
		xy := e[:2]
		if !strings.ContainsAny(xy, "RC") {
			continue
		}
		i++
		if i == len(entries) {
			return nil, fmt.Errorf("git status entry %q lacks its original path", e)
		}
		// A copy leaves its source untouched; a rename removes it.
		if strings.Contains(xy, "R") {
			paths = append(paths, entries[i])
		}
	}
	return paths, nil
}

// git runs one git command and returns its stdout, or an error carrying
// git's own explanation from stderr.
func (g *Git) git(ctx context.Context, args ...string) ([]byte, error) {
	res, err := g.proc.Run(ctx, ports.Command{
		Argv: append([]string{"git"}, args...),
		Dir:  g.dir,
		// Read-only questions must not take the index lock a concurrent
		// git command of the user needs.
		Env:       []string{"GIT_OPTIONAL_LOCKS=0"},
		TailBytes: maxOutput,
	})
	name := "git " + args[0]
	switch {
	case err != nil:
		return nil, err
	case res.Canceled:
		return nil, fmt.Errorf("%s: %w", name, context.Canceled)
	case res.TimedOut:
		return nil, fmt.Errorf("%s: timed out", name)
	case res.Signaled:
		return nil, fmt.Errorf("%s: killed by a signal%s", name, stderrDetail(res.Stderr))
	case res.ExitCode != 0:
		return nil, &exitError{name: name, code: res.ExitCode, stderr: strings.TrimSpace(string(res.Stderr))}
	case res.StdoutBytes > int64(len(res.Stdout)):
		return nil, fmt.Errorf("%s: output exceeds %d bytes", name, maxOutput)
	}
	return res.Stdout, nil
}

func (g *Git) dirName() string {
	if g.dir == "" {
		return "."
	}
	return g.dir
}

// exitError is git's non-zero exit, kept typed so Prefix can tell "not a
// repository" from a real failure.
type exitError struct {
	name   string
	code   int
	stderr string
}

func (e *exitError) Error() string {
	return fmt.Sprintf("%s: exit status %d%s", e.name, e.code, stderrDetail([]byte(e.stderr)))
}

func stderrDetail(stderr []byte) string {
	if s := strings.TrimSpace(string(stderr)); s != "" {
		return ": " + s
	}
	return ""
}

func splitNUL(out []byte) []string {
	return strings.FieldsFunc(string(out), func(r rune) bool { return r == 0 })
}

// sortedPaths sorts and deduplicates; git already prints slash-separated
// paths relative to the repository root, on every platform.
func sortedPaths(paths []string) []string {
	slices.Sort(paths)
	return append([]string{}, slices.Compact(paths)...)
}
