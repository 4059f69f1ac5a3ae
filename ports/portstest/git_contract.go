package portstest

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/ports"
)

// GitState is a work tree for the Git contract: the implementation under
// test sets it up (a real repository, or a configured fake).
type GitState struct {
	// InWorkTree is false for a directory outside any work tree.
	InWorkTree bool
	// Sub is the directory asked about, below the top ("" for the top).
	Sub string
	// Untracked are files created after the first commit, relative to the
	// top, in no particular order.
	Untracked []string
}

// RunGitContract checks what every ports.Git must answer about a work tree,
// against the fake and the real implementation alike, so the fake the
// Example and doctor tests use cannot drift from git.
func RunGitContract(t *testing.T, newGit func(t *testing.T, s GitState) ports.Git) {
	t.Helper()
	tests := []struct {
		name  string
		state GitState
		want  []string
	}{
		{"clean top", GitState{InWorkTree: true}, nil},
		{"changes are sorted", GitState{InWorkTree: true, Untracked: []string{"z.txt", "a/b.txt"}}, []string{"a/b.txt", "z.txt"}},
		{"paths from the top, asked below it", GitState{InWorkTree: true, Sub: "tools/ah", Untracked: []string{"tools/ah/new.txt", "top.txt"}},
			[]string{"tools/ah/new.txt", "top.txt"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newGit(t, tt.state)
			prefix, err := g.Prefix(t.Context())
			require.NoError(t, err)
			assert.Equal(t, tt.state.Sub, prefix)
			got, err := g.WorktreeChanges(t.Context())
			require.NoError(t, err)
			if len(tt.want) == 0 {
				assert.Empty(t, got)
			} else {
				assert.Equal(t, tt.want, got)
			}
		})
	}
	// Range selection (issue 13) resolves refs before diffing them: a
	// ref naming nothing is a fact (ErrUnknownRef), and a commit against
	// itself is an empty range, not an error.
	t.Run("refs", func(t *testing.T) {
		g := newGit(t, GitState{InWorkTree: true})
		head, err := g.ResolveCommit(t.Context(), "HEAD")
		require.NoError(t, err)
		assert.Regexp(t, `^[0-9a-f]{40}$`, head)
		again, err := g.ResolveCommit(t.Context(), head)
		require.NoError(t, err)
		assert.Equal(t, head, again, "a commit id resolves to itself")
		tree, err := g.ResolveTree(t.Context(), "HEAD")
		require.NoError(t, err)
		assert.Regexp(t, `^[0-9a-f]{40}$`, tree)
		assert.NotEqual(t, head, tree, "a commit's tree is another object")
		for _, bad := range []string{"not-a-ref", "--all", ""} {
			_, err = g.ResolveCommit(t.Context(), bad)
			require.ErrorIs(t, err, ports.ErrUnknownRef, "ResolveCommit(%q)", bad)
			_, err = g.ResolveTree(t.Context(), bad)
			require.ErrorIs(t, err, ports.ErrUnknownRef, "ResolveTree(%q)", bad)
		}
		files, err := g.ChangedFiles(t.Context(), head, head)
		require.NoError(t, err)
		assert.Empty(t, files)
	})
	t.Run("outside a work tree", func(t *testing.T) {
		_, err := newGit(t, GitState{}).Prefix(t.Context())
		require.ErrorIs(t, err, ports.ErrNotWorkTree)
	})
}
