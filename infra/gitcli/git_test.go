package gitcli_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/infra/execproc"
	"github.com/espectacular/ah/infra/gitcli"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

// newRepo creates a repository with an isolated git configuration: HOME
// points at a temporary directory holding only an identity.
func newRepo(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	gitconfig := "[user]\n\tname = ah test\n\temail = ah@example.com\n[init]\n\tdefaultBranch = main\n"
	require.NoError(t, os.WriteFile(filepath.Join(home, ".gitconfig"), []byte(gitconfig), 0o644))

	dir := t.TempDir()
	run(t, dir, "init", "-q")
	return dir
}

// run runs a set-up git command through execproc, like the code under
// test: once an execproc.Process has run, this process reaps (and, between
// runs, kills) every child execproc did not start itself, so a plain
// exec.Command child could lose its exit status ("waitid: no child
// processes") or be killed.
func run(t *testing.T, dir string, args ...string) {
	t.Helper()
	res, err := (&execproc.Process{}).Run(t.Context(), ports.Command{Argv: append([]string{"git"}, args...), Dir: dir})
	require.NoError(t, err, "git %v", args)
	require.Equal(t, 0, res.ExitCode, "git %v: %s%s", args, res.Stdout, res.Stderr)
}

func write(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
	}
}

func commitAll(t *testing.T, dir, msg string) {
	t.Helper()
	run(t, dir, "add", "-A")
	run(t, dir, "commit", "-q", "-m", msg)
}

func newGit(dir string) *gitcli.Git {
	return gitcli.New(&execproc.Process{}, dir)
}

func TestChangedFiles(t *testing.T) {
	dir := newRepo(t)
	write(t, dir, map[string]string{
		"a.txt":           "a",
		"dir/b.txt":       "b",
		"spaced name.txt": "s",
		"ünïcode.txt":     "u",
		"same.txt":        "same",
	})
	commitAll(t, dir, "one")
	write(t, dir, map[string]string{"a.txt": "a2", "new/c.txt": "c", "ünïcode.txt": "u2"})
	require.NoError(t, os.Remove(filepath.Join(dir, "dir", "b.txt")))
	run(t, dir, "mv", "spaced name.txt", "renamed.txt")
	commitAll(t, dir, "two")

	got, err := newGit(dir).ChangedFiles(t.Context(), "HEAD~1", "HEAD")
	require.NoError(t, err)
	want := []string{"a.txt", "dir/b.txt", "new/c.txt", "renamed.txt", "spaced name.txt", "ünïcode.txt"}
	assert.Equal(t, want, got)

	got, err = newGit(dir).ChangedFiles(t.Context(), "HEAD", "HEAD")
	require.NoError(t, err)
	assert.Empty(t, got)
}

func TestChangedFilesBadRef(t *testing.T) {
	dir := newRepo(t)
	write(t, dir, map[string]string{"a.txt": "a"})
	commitAll(t, dir, "one")

	_, err := newGit(dir).ChangedFiles(t.Context(), "no-such-ref", "HEAD")
	require.Error(t, err)
	assert.Contains(t, err.Error(), `"no-such-ref"`)
	assert.Contains(t, err.Error(), "git diff: exit status 128: fatal:", "git's stderr is included")
}

func TestWorktreeChanges(t *testing.T) {
	dir := newRepo(t)
	write(t, dir, map[string]string{
		".gitignore":  "*.log\n",
		"clean.txt":   "c",
		"edited.txt":  "e",
		"staged.txt":  "s",
		"deleted.txt": "d",
		"old.txt":     "moved",
	})
	commitAll(t, dir, "one")

	write(t, dir, map[string]string{
		"edited.txt":           "e2",
		"staged.txt":           "s2",
		"added.txt":            "new",
		"untracked/deep/u.txt": "u",
		"ignored.log":          "ignored",
	})
	run(t, dir, "add", "staged.txt", "added.txt")
	require.NoError(t, os.Remove(filepath.Join(dir, "deleted.txt")))
	run(t, dir, "mv", "old.txt", "new name.txt")

	got, err := newGit(dir).WorktreeChanges(t.Context())
	require.NoError(t, err)
	want := []string{"added.txt", "deleted.txt", "edited.txt", "new name.txt", "old.txt", "staged.txt", "untracked/deep/u.txt"}
	assert.Equal(t, want, got)
}

func TestWorktreeChangesClean(t *testing.T) {
	dir := newRepo(t)
	write(t, dir, map[string]string{"a.txt": "a"})
	commitAll(t, dir, "one")

	got, err := newGit(dir).WorktreeChanges(t.Context())
	require.NoError(t, err)
	assert.Empty(t, got)
}

func TestWorktreeChangesNotARepo(t *testing.T) {
	newRepo(t) // isolates the configuration
	dir := t.TempDir()
	t.Setenv("GIT_CEILING_DIRECTORIES", filepath.Dir(dir))

	_, err := newGit(dir).WorktreeChanges(t.Context())
	require.Error(t, err)
	assert.Contains(t, err.Error(), "not a git repository")
}

func TestCanceled(t *testing.T) {
	dir := newRepo(t)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	_, err := newGit(dir).WorktreeChanges(ctx)
	require.ErrorIs(t, err, context.Canceled)
}

// TestPrefix: the directory's place in its work tree, and ErrNotWorkTree
// (not a failure) outside one or inside .git.
func TestPrefix(t *testing.T) {
	dir := newRepo(t)
	write(t, dir, map[string]string{"sub/dir/a.txt": "a"})
	tests := []struct {
		name string
		dir  string
		want string
		err  error
	}{
		{"top", dir, "", nil},
		{"below", filepath.Join(dir, "sub", "dir"), "sub/dir", nil},
		{"inside .git", filepath.Join(dir, ".git"), "", ports.ErrNotWorkTree},
		{"outside", t.TempDir(), "", ports.ErrNotWorkTree},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := newGit(tt.dir).Prefix(t.Context())
			if tt.err != nil {
				require.ErrorIs(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

// TestGitContract runs the port's contract against real git repositories.
func TestGitContract(t *testing.T) {
	portstest.RunGitContract(t, func(t *testing.T, s portstest.GitState) ports.Git {
		if !s.InWorkTree {
			return newGit(t.TempDir())
		}
		dir := newRepo(t)
		write(t, dir, map[string]string{"base.txt": "base", s.Sub + "/.keep": ""})
		commitAll(t, dir, "base")
		for _, f := range s.Untracked {
			write(t, dir, map[string]string{f: f})
		}
		return newGit(filepath.Join(dir, filepath.FromSlash(s.Sub)))
	})
}
