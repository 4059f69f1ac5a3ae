package gitcli_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/infra/gitcli"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

var statusArgv = []string{"git", "status", "--porcelain=v1", "-z", "--untracked-files=all"}

// TestWorktreeChangesParsing drives the status parser with scripted git
// output, covering entries hard to produce in a real repository.
func TestWorktreeChangesParsing(t *testing.T) {
	tests := []struct {
		name    string
		stdout  string
		want    []string
		wantErr string
	}{
		{name: "empty", stdout: "", want: []string{}},
		{name: "modified and untracked", stdout: " M b.txt\x00?? a.txt\x00", want: []string{"a.txt", "b.txt"}},
		{name: "rename lists both paths", stdout: "R  new.txt\x00old.txt\x00 M z.txt\x00", want: []string{"new.txt", "old.txt", "z.txt"}},
		{name: "worktree rename", stdout: " R new.txt\x00old.txt\x00", want: []string{"new.txt", "old.txt"}},
		{name: "copy lists the copy only", stdout: "C  copy.txt\x00src.txt\x00", want: []string{"copy.txt"}},
		{name: "duplicates removed", stdout: "MM a.txt\x00R  a.txt\x00a.txt\x00", want: []string{"a.txt"}},
		{name: "names with spaces and arrows", stdout: "A  a -> b.txt\x00", want: []string{"a -> b.txt"}},
		{name: "rename without original", stdout: "R  new.txt\x00", wantErr: `git status entry "R  new.txt" lacks its original path`},
		{name: "garbage", stdout: "what\x00", wantErr: `unexpected git status entry "what"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			proc := &portstest.Process{Responses: map[string]portstest.ProcessResponse{
				portstest.ProcessKey(statusArgv...): {Result: ports.Result{Stdout: []byte(tt.stdout), StdoutBytes: int64(len(tt.stdout))}},
			}}
			got, err := gitcli.New(proc, "/repo").WorktreeChanges(t.Context())
			if tt.wantErr != "" {
				require.ErrorContains(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)

			calls := proc.Calls()
			require.Len(t, calls, 1)
			assert.Equal(t, "/repo", calls[0].Dir)
			assert.Equal(t, []string{"GIT_OPTIONAL_LOCKS=0"}, calls[0].Env)
		})
	}
}

func TestGitFailures(t *testing.T) {
	diffArgv := []string{"git", "diff", "--name-only", "--no-renames", "-z", "main", "HEAD", "--"}
	tests := []struct {
		name     string
		response portstest.ProcessResponse
		wantErr  string
	}{
		{
			name:     "git missing",
			response: portstest.ProcessNotFound("git"),
			wantErr:  `changed files between "main" and "HEAD": start "git": executable file not found in $PATH`,
		},
		{
			name:     "git fails",
			response: portstest.ProcessResponse{Result: ports.Result{ExitCode: 128, Stderr: []byte("fatal: bad revision 'main'\n")}},
			wantErr:  `changed files between "main" and "HEAD": git diff: exit status 128: fatal: bad revision 'main'`,
		},
		{
			name:     "timed out",
			response: portstest.ProcessResponse{Result: ports.Result{ExitCode: -1, TimedOut: true, Signaled: true}},
			wantErr:  `git diff: timed out`,
		},
		{
			name:     "truncated output",
			response: portstest.ProcessResponse{Result: ports.Result{Stdout: []byte("a"), StdoutBytes: 2}},
			wantErr:  `git diff: output exceeds`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			proc := &portstest.Process{Responses: map[string]portstest.ProcessResponse{
				portstest.ProcessKey(diffArgv...): tt.response,
			}}
			_, err := gitcli.New(proc, "/repo").ChangedFiles(t.Context(), "main", "HEAD")
			require.ErrorContains(t, err, tt.wantErr)
		})
	}
}

func TestChangedFilesRejectsOptionLikeRef(t *testing.T) {
	proc := &portstest.Process{}
	_, err := gitcli.New(proc, "/repo").ChangedFiles(t.Context(), "--output=/tmp/x", "HEAD")
	require.ErrorContains(t, err, `invalid ref "--output=/tmp/x"`)
	assert.Empty(t, proc.Calls(), "git was not run")
}

// TestResolveCommitFailures: only git's "no such commit" (exit 1 under
// --quiet) is ErrUnknownRef; git failing for another reason is an error
// that says so, never mistaken for a bad ref.
func TestResolveCommitFailures(t *testing.T) {
	argv := []string{"git", "rev-parse", "--verify", "--quiet", "--end-of-options", "main^{commit}"}
	tests := []struct {
		name     string
		response portstest.ProcessResponse
		unknown  bool
		wantErr  string
	}{
		{name: "no such commit", response: portstest.ProcessResponse{Result: ports.Result{ExitCode: 1}}, unknown: true, wantErr: `resolve "main": names no commit`},
		{name: "not a repository", response: portstest.ProcessResponse{Result: ports.Result{ExitCode: 128, Stderr: []byte("fatal: not a git repository\n")}},
			wantErr: `resolve "main": git rev-parse: exit status 128: fatal: not a git repository`},
		{name: "git missing", response: portstest.ProcessNotFound("git"), wantErr: `resolve "main": start "git": executable file not found in $PATH`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			proc := &portstest.Process{Responses: map[string]portstest.ProcessResponse{portstest.ProcessKey(argv...): tt.response}}
			_, err := gitcli.New(proc, "/repo").ResolveCommit(t.Context(), "main")
			require.EqualError(t, err, tt.wantErr)
			assert.Equal(t, tt.unknown, errors.Is(err, ports.ErrUnknownRef))
		})
	}
}
