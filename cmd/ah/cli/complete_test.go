package cli_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/cmd/ah/cli"
	"github.com/espectacular/ah/cmd/ah/cli/output"
)

// completionRepo writes a repository with two capabilities, alpha (two
// scenarios) and beta (one), and returns its root.
func completionRepo(t *testing.T) string {
	t.Helper()
	return writeRepo(t, map[string]string{
		".espectacular/config.toml":    "tool_version = \"0.1.0\"\n",
		"openspec/specs/alpha/spec.md": "# alpha\n\n#### Scenario: It works\n\nbody\n\n#### Scenario: It fails\n\nbody\n",
		"openspec/specs/beta/spec.md":  "# beta\n\n#### Scenario: Beta one\n\nbody\n",
	})
}

// complete runs ah as a shell completing line would: COMP_LINE (and
// COMP_POINT) set, bash's three arguments, the working directory wd.
func complete(t *testing.T, wd string, env map[string]string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	d := cli.System()
	d.Streams = &cli.IOStreams{Out: &out, Err: &errb}
	d.Getenv = func(k string) string { return env[k] }
	d.Getwd = func() (string, error) { return wd, nil }
	code = cli.Main(context.Background(), []string{"ah", "word", "previous"}, d)
	return code, out.String(), errb.String()
}

// TestCompletion: with COMP_LINE set, Main prints the candidates for the
// line's last word instead of parsing its arguments.
func TestCompletion(t *testing.T) {
	root := completionRepo(t)
	elsewhere := t.TempDir() // no repository: units predict nothing
	lines := func(s ...string) string { return strings.Join(s, "\n") + "\n" }
	tests := []struct {
		name, wd, line, point, want string
	}{
		{"subcommands", root, "ah ", "", lines("archive", "check", "completions", "contract", "doctor", "explain", "init", "mcp", "merge", "report", "scenario", "sync", "type", "upgrade", "verify", "version")},
		{"subcommand prefix", root, "ah ch", "", lines("check")},
		{"cursor inside the line", root, "ah ex --json", "5", lines("explain")},
		{"command flag", root, "ah check --r", "", lines("--run-tests")},
		{"global flag after a command", root, "ah check --j", "", lines("--jobs", "--json")},
		{"enum flag value", root, "ah check --progress ", "", lines("auto", "bar", "none", "plain")},
		{"format names", root, "ah check --format ", "", lines(output.Formats()...)},
		{"format name after =", root, "ah check --format=js", "", lines("json")},
		{"capabilities", root, "ah check ", "", lines("alpha", "beta")},
		{"one capability fits: its scenarios too", root, "ah check al", "", lines("alpha", "alpha/it-fails", "alpha/it-works")},
		{"scenario id", root, "ah check alpha/it-w", "", lines("alpha/it-works")},
		{"after a flag", root, "ah check --run-tests be", "", lines("beta", "beta/beta-one")},
		{"-C names the repository", elsewhere, "ah -C " + root + " check b", "", lines("beta", "beta/beta-one")},
		{"--chdir= names the repository", elsewhere, "ah --chdir=" + root + " check a", "", lines("alpha", "alpha/it-fails", "alpha/it-works")},
		{"no repository: nothing", elsewhere, "ah check ", "", ""},
		{"contract new: the scenario as a unit", root, "ah contract new alpha/it-w", "", lines("alpha/it-works")},
		{"scenario supersede: the scenario as a unit", root, "ah scenario supersede be", "", lines("beta", "beta/beta-one")},
		{"sync: capabilities", root, "ah sync --check ", "", lines("alpha", "beta")},
		{"sync: never scenario ids", root, "ah sync al", "", lines("alpha")},
		{"explain topic", root, "ah explain missing-ru", "", lines("missing-runner")},
		{"shells", root, "ah completions ", "", lines("bash", "fish", "zsh")},
		{"no change directory: no change ids", root, "ah check --changes ", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := complete(t, tt.wd, map[string]string{"COMP_LINE": tt.line, "COMP_POINT": tt.point})
			require.Equal(t, 0, code, "stderr: %s", stderr)
			assert.Equal(t, tt.want, stdout)
			assert.Empty(t, stderr)
		})
	}
}

// TestCompletionsScript: `ah completions SHELL` prints the hook; an
// unknown shell is a usage error naming the supported ones.
func TestCompletionsScript(t *testing.T) {
	tests := []struct {
		shell, want string
	}{
		{"bash", "complete -o default -C ah ah\n"},
		{"zsh", "complete -C ah ah\n"},
		{"fish", "complete -f -c ah -a \"(__complete_ah)\"\n"},
	}
	for _, tt := range tests {
		t.Run(tt.shell, func(t *testing.T) {
			code, stdout, stderr := runEnv(t, false, nil, "completions", tt.shell)
			require.Equal(t, 0, code, "stderr: %s", stderr)
			assert.Contains(t, stdout, tt.want)
			assert.Empty(t, stderr)
		})
	}
	code, stdout, stderr := runEnv(t, false, nil, "completions", "tcsh")
	assert.Equal(t, 2, code)
	assert.Empty(t, stdout)
	assert.Contains(t, stderr, `"bash","fish","zsh"`)
}
