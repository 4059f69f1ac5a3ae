package selection_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/core/selection"
	"github.com/espectacular/ah/ports/portstest"
)

const (
	baseID = "1111111111111111111111111111111111111111"
	headID = "2222222222222222222222222222222222222222"
)

func repo() *portstest.Git {
	return &portstest.Git{
		InWorkTree: true,
		Changed:    []string{"b.txt", "a.txt"},
		Commits:    map[string]string{"HEAD": headID, "main": baseID, "v1": headID},
		Diffs:      map[string][]string{baseID + ".." + headID: {"src/x.go", "openspec/specs/a/spec.md"}},
	}
}

func TestGather(t *testing.T) {
	tests := []struct {
		name      string
		git       *portstest.Git
		req       selection.Request
		want      selection.Diff
		wantCalls []string
	}{
		{
			name: "all-tests beats everything and asks git nothing",
			git:  repo(), req: selection.Request{AllTests: true, Files: []string{"a"}, Base: "main"},
			want: selection.Diff{Source: selection.AllTests},
		},
		{
			name: "files beat the range, cleaned and sorted",
			git:  repo(), req: selection.Request{Files: []string{"./z//y.go", "a.go", "", "a.go"}, Base: "main"},
			want: selection.Diff{Source: selection.Files, Files: []string{"a.go", "z/y.go"}},
		},
		{
			name: "files naming nothing fall back",
			git:  repo(), req: selection.Request{Files: []string{""}},
			want: selection.Diff{Source: selection.Files, Files: []string{}, Problem: "--files names no file"},
		},
		{
			name: "range with head defaulting to HEAD",
			git:  repo(), req: selection.Request{Base: "main"},
			want: selection.Diff{Source: selection.Range, Base: baseID, Head: headID,
				Files: []string{"openspec/specs/a/spec.md", "src/x.go"}},
			wantCalls: []string{"prefix", "resolve main", "resolve HEAD", "diff " + baseID + ".." + headID},
		},
		{
			name: "explicit head",
			git:  repo(), req: selection.Request{Base: "main", Head: "v1"},
			want: selection.Diff{Source: selection.Range, Base: baseID, Head: headID,
				Files: []string{"openspec/specs/a/spec.md", "src/x.go"}},
			wantCalls: []string{"prefix", "resolve main", "resolve v1", "diff " + baseID + ".." + headID},
		},
		{
			name: "empty range",
			git:  repo(), req: selection.Request{Base: "HEAD"},
			want: selection.Diff{Source: selection.Range, Base: headID, Head: headID, Files: []string{},
				Problem: "the range 222222222222..222222222222 changes no file"},
		},
		{
			name: "unknown base",
			git:  repo(), req: selection.Request{Base: "not-a-ref"},
			want: selection.Diff{Source: selection.Range, Problem: `--base "not-a-ref" names no commit`},
		},
		{
			name: "unknown head",
			git:  repo(), req: selection.Request{Base: "main", Head: "nope"},
			want: selection.Diff{Source: selection.Range, Problem: `--head "nope" names no commit`},
		},
		{
			name: "worktree by default",
			git:  repo(), req: selection.Request{},
			want:      selection.Diff{Source: selection.Worktree, Files: []string{"a.txt", "b.txt"}},
			wantCalls: []string{"prefix", "status"},
		},
		{
			name: "clean worktree falls back",
			git:  &portstest.Git{InWorkTree: true}, req: selection.Request{},
			want: selection.Diff{Source: selection.Worktree, Files: []string{},
				Problem: "the worktree has no changes against HEAD; use --base <ref> to select by a commit range"},
		},
		{
			name: "not a work tree",
			git:  &portstest.Git{}, req: selection.Request{},
			want: selection.Diff{Source: selection.Worktree, Problem: "the repository is not in a git work tree, so the worktree diff is unknown"},
		},
		{
			name: "a range outside a work tree",
			git:  &portstest.Git{}, req: selection.Request{Base: "main"},
			want: selection.Diff{Source: selection.Range, Problem: "the repository is not in a git work tree, so the range is unknown"},
		},
		{
			name: "git failing",
			git:  &portstest.Git{Err: errors.New("start \"git\": executable file not found in $PATH")}, req: selection.Request{Base: "main"},
			want: selection.Diff{Source: selection.Range, Problem: `git could not find the work tree (start "git": executable file not found in $PATH)`},
		},
		{
			name: "paths made relative to a root below the top",
			git: &portstest.Git{InWorkTree: true, Sub: "tools/ah",
				Changed: []string{"tools/ah/openspec/specs/a/spec.md", "tools/lib.go", "web/x.js", "tools/ahx/y.go"}},
			want: selection.Diff{Source: selection.Worktree,
				Files: []string{"../../web/x.js", "../ahx/y.go", "../lib.go", "openspec/specs/a/spec.md"}},
		},
		{
			// A range can delete a file "tools" where the directory
			// tools/ah now is: its name is kept, never matched away.
			name: "a file named like a directory above the root",
			git: &portstest.Git{InWorkTree: true, Sub: "tools/ah", Commits: map[string]string{"HEAD": headID, "main": baseID},
				Diffs: map[string][]string{baseID + ".." + headID: {"tools", "tools/ah"}}},
			req: selection.Request{Base: "main"},
			want: selection.Diff{Source: selection.Range, Base: baseID, Head: headID,
				Files: []string{"../../tools", "../ah"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := selection.Gather(t.Context(), tt.git, tt.req)
			assert.Equal(t, tt.want, got, "Gather(%+v)", tt.req)
			if tt.wantCalls != nil {
				assert.Equal(t, tt.wantCalls, tt.git.Calls())
			}
			if tt.req.AllTests || tt.req.Files != nil {
				assert.Empty(t, tt.git.Calls(), "git is not asked")
			}
		})
	}
}
