package selection

// Sources of the changed-file set, in precedence order.
const (
	// AllTests is --all-tests: no selection, every contract runs.
	AllTests = "all-tests"
	// Files is --files: the changed files are given.
	Files = "files"
	// Range is --base [--head]: git diff --name-only base head.
	Range = "range"
	// Worktree is the default: staged, unstaged and untracked files
	// against HEAD.
	Worktree = "worktree"
)

// Request is what the command line asked for.
type Request struct {
	AllTests bool
	// Files are the --files values, comma-split, relative to the
	// repository root; any value at all (even empty) makes Files the
	// source.
	Files []string
	// Base and Head are refs; Head defaults to HEAD.
	Base, Head string
}

// Diff is the gathered changed-file set and where it came from (the
// changed files; a change proposal is core/overlay's).
type Diff struct {
	Source string
	// Base and Head are the resolved commit ids of a range.
	Base, Head string
	// Files are repository-relative, slash-separated, sorted; a file
	// outside the repository root keeps a ../ path.
	Files []string
	// Problem, when set, says why the set is unknown or empty; every
	// contract then runs and Problem is the fallback reason.
	Problem string
}
