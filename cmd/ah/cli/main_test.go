package cli_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/cmd/ah/cli"
)

// repoWithShellTest writes a one-scenario repository whose contract runs
// `true`, and returns its root.
func repoWithShellTest(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	files := map[string]string{
		".espectacular/config.toml":     "tool_version = \"0.1.0\"\n",
		"openspec/specs/c/spec.md":      "# c\n\n#### Scenario: It works\n\nbody\n",
		".espectacular/c/it-works.toml": "id = \"it-works\"\ndescription = \"\"\narchetype = \"PF\"\nstatus = \"active\"\nauthored_with = \"0.1.0\"\n\n[[tests.shell]]\ncommand = \"true\"\n",
	}
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	}
	return root
}

func run(t *testing.T, errTTY bool, term string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	d := cli.System()
	d.Streams = &cli.IOStreams{Out: &out, Err: &errb, ErrTTY: errTTY}
	d.Getenv = func(k string) string {
		if k == "TERM" {
			return term
		}
		return ""
	}
	code = cli.Main(context.Background(), args, d)
	return code, out.String(), errb.String()
}

// TestProgressOnlyOnTerminal proves the live progress line goes to stderr
// when it is a terminal, never to stdout, never without a terminal (or on
// a dumb one), and never with --quiet.
func TestProgressOnlyOnTerminal(t *testing.T) {
	root := repoWithShellTest(t)
	tests := []struct {
		name     string
		tty      bool
		term     string
		args     []string
		progress bool
	}{
		{"terminal", true, "xterm", []string{"check", "--run-tests", "-C", root}, true},
		{"terminal quiet", true, "xterm", []string{"check", "--run-tests", "--quiet", "-C", root}, false},
		{"dumb terminal", true, "dumb", []string{"check", "--run-tests", "-C", root}, false},
		{"not a terminal", false, "xterm", []string{"check", "--run-tests", "-C", root}, false},
		{"terminal json", true, "xterm", []string{"check", "--run-tests", "--json", "-C", root}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := run(t, tt.tty, tt.term, tt.args...)
			require.Equal(t, 0, code, "stdout: %s\nstderr: %s", stdout, stderr)
			assert.NotContains(t, stdout, "\r", "progress must never reach stdout")
			if tt.progress {
				assert.Contains(t, stderr, "1/1 tests done")
			} else {
				assert.Empty(t, stderr)
			}
		})
	}
}
