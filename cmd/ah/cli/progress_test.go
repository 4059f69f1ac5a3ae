package cli_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestProgressModes proves where progress goes: a live bar on a
// terminal's stderr; a plain line per finished test in CI, off a terminal
// or on a dumb one (a CI log otherwise shows nothing for minutes); nothing
// with --progress none or --quiet; never on stdout, JSON or not.
func TestProgressModes(t *testing.T) {
	root := repoWithShellTest(t)
	const bar, plain = "\r\x1b[Kah: 1/1 tests done (1 passed, 0 failed), 0 running", "ok   c/it-works tests.shell[0] ("
	tests := []struct {
		name  string
		tty   bool
		env   map[string]string
		args  []string
		want  string // "" means stderr stays empty
		notIn string
	}{
		{"terminal: bar", true, map[string]string{"TERM": "xterm"}, nil, bar, plain},
		{"terminal json: bar on stderr", true, map[string]string{"TERM": "xterm"}, []string{"--json"}, bar, plain},
		{"not a terminal: plain", false, map[string]string{"TERM": "xterm"}, nil, plain, "\r"},
		{"CI on a terminal: plain", true, map[string]string{"TERM": "xterm", "CI": "true"}, nil, plain, "\r"},
		{"dumb terminal: plain", true, map[string]string{"TERM": "dumb"}, nil, plain, "\r"},
		{"json off a terminal: plain on stderr", false, nil, []string{"--json"}, plain, "\r"},
		{"forced bar", false, nil, []string{"--progress", "bar"}, bar, plain},
		{"forced plain", true, map[string]string{"TERM": "xterm"}, []string{"--progress=plain"}, plain, "\r"},
		{"none", true, map[string]string{"TERM": "xterm"}, []string{"--progress", "none"}, "", ""},
		{"quiet", false, nil, []string{"--quiet"}, "", ""},
		{"quiet wins over a mode", true, map[string]string{"TERM": "xterm"}, []string{"-q", "--progress", "bar"}, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"check", "--run-tests", "-C", root}, tt.args...)
			code, stdout, stderr := runEnv(t, tt.tty, tt.env, args...)
			require.Equal(t, 0, code, "stdout: %s\nstderr: %s", stdout, stderr)
			assert.NotContains(t, stdout, "\r", "progress must never reach stdout")
			assert.NotContains(t, stdout, "tests done")
			assert.NotContains(t, stdout, "ok   c/")
			if tt.want == "" {
				assert.Empty(t, stderr)
				return
			}
			assert.Contains(t, stderr, tt.want)
			assert.NotContains(t, stderr, tt.notIn)
		})
	}
	code, _, stderr := runEnv(t, false, nil, "check", "--run-tests", "--progress", "fancy", "-C", root)
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "--progress")
}
