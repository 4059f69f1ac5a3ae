package cli_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/cmd/ah/cli"
	"github.com/espectacular/ah/core/check"
)

// repoWithShellTest writes a one-scenario repository whose contract runs
// `true`, and returns its root.
func repoWithShellTest(t *testing.T) string {
	t.Helper()
	return writeRepo(t, map[string]string{
		".espectacular/config.toml":     "tool_version = \"0.1.0\"\n",
		"openspec/specs/c/spec.md":      "# c\n\n#### Scenario: It works\n\nbody\n",
		".espectacular/c/it-works.toml": "id = \"it-works\"\ndescription = \"\"\narchetype = \"PF\"\nstatus = \"active\"\nauthored_with = \"0.1.0\"\n\n[[tests.shell]]\ncommand = \"true\"\n",
	})
}

// writeRepo writes files (slash-separated path -> content) into a new
// temporary directory and returns it.
func writeRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	}
	return root
}

func run(t *testing.T, errTTY bool, term string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return runEnv(t, errTTY, map[string]string{"TERM": term}, args...)
}

// runEnv runs ah with only env in its environment.
func runEnv(t *testing.T, errTTY bool, env map[string]string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	d := cli.System()
	d.Streams = &cli.IOStreams{Out: &out, Err: &errb, ErrTTY: errTTY}
	d.Getenv = func(k string) string { return env[k] }
	code = cli.Main(context.Background(), args, d)
	return code, out.String(), errb.String()
}

// TestCheckJobsFlag: --jobs below 1 is a usage error (exit 2). `--jobs 0`
// used to be taken silently as "not given" while the message for -1 said
// "must be at least 1".
func TestCheckJobsFlag(t *testing.T) {
	root := repoWithShellTest(t)
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"one", []string{"--jobs", "1"}, 0, ""},
		{"short", []string{"-J", "3"}, 0, ""},
		{"not given", nil, 0, ""},
		{"zero", []string{"--jobs", "0"}, 2, "--jobs must be at least 1, got 0"},
		{"negative", []string{"--jobs=-1"}, 2, "--jobs must be at least 1, got -1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"check", "--run-tests", "-C", root}, tt.args...)
			code, stdout, stderr := run(t, false, "", args...)
			require.Equal(t, tt.code, code, "stdout: %s\nstderr: %s", stdout, stderr)
			if tt.stderr != "" {
				assert.Contains(t, stderr, tt.stderr)
				assert.Empty(t, stdout)
			}
		})
	}
}

// TestUsageErrorEnvelope: whatever spelling asked for JSON, before or after
// the bad flag, a usage error still prints one JSON envelope on stdout. `--json=true` and a cluster of
// short flags (`-qj`) used to get plain text only.
func TestUsageErrorEnvelope(t *testing.T) {
	tests := []struct {
		name string
		args []string
		json bool
	}{
		{"long", []string{"check", "--json", "--bogus"}, true},
		{"short", []string{"check", "-j", "--bogus"}, true},
		{"long with value", []string{"check", "--json=true", "--bogus"}, true},
		{"short cluster", []string{"check", "-qj", "--bogus"}, true},
		{"short cluster first", []string{"check", "-jq", "--bogus"}, true},
		{"explicitly off", []string{"check", "--json=false", "--bogus"}, false},
		{"value of -C", []string{"check", "-Cj", "--bogus"}, false},
		{"after --", []string{"check", "--bogus", "--", "--json"}, false},
		{"none", []string{"check", "--bogus"}, false},
		{"format json", []string{"check", "--format", "json", "--bogus"}, true},
		{"format json then text", []string{"check", "--format=json", "--format=text", "--bogus"}, false},
		{"global before command", []string{"-j", "check", "--bogus"}, true},
		{"after the error", []string{"check", "--bogus", "--json"}, true},
		{"cluster after the error", []string{"check", "--bogus", "-qj"}, true},
		{"turned off after the error", []string{"check", "--bogus", "--json", "--json=false"}, false},
		{"after -- after the error", []string{"check", "--bogus", "--", "--json"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := run(t, false, "", tt.args...)
			require.Equal(t, 2, code, stderr)
			assert.Contains(t, stderr, "unknown flag --bogus")
			if !tt.json {
				assert.Empty(t, stdout)
				return
			}
			var env struct {
				OK    bool `json:"ok"`
				Error struct {
					Code    int    `json:"code"`
					Message string `json:"message"`
				} `json:"error"`
			}
			require.NoError(t, json.Unmarshal([]byte(stdout), &env), stdout)
			assert.False(t, env.OK)
			assert.Equal(t, 2, env.Error.Code)
			assert.Contains(t, env.Error.Message, "unknown flag --bogus")
		})
	}
}

// TestInterruptedMessage: a command stopped by Ctrl-C before it had
// anything to report exits 130 saying so, not with Go's "context canceled".
func TestInterruptedMessage(t *testing.T) {
	root := repoWithShellTest(t)
	for _, args := range [][]string{{"check", "-C", root}, {"check", "--json", "-C", root}} {
		var out, errb bytes.Buffer
		d := cli.System()
		d.Streams = &cli.IOStreams{Out: &out, Err: &errb}
		ctx, cancel := context.WithCancel(t.Context())
		cancel()
		code := cli.Main(ctx, args, d)
		assert.Equal(t, 130, code)
		assert.Equal(t, "ah: interrupted\n", errb.String())
		assert.NotContains(t, out.String(), "context canceled")
	}
}

// TestFormatFlag: --format picks a printer by name, --json is its alias,
// and an unknown name or a conflict is a usage error listing the formats.
func TestFormatFlag(t *testing.T) {
	root := repoWithShellTest(t)
	_, viaJSON, _ := run(t, false, "", "check", "-C", root, "--json")
	_, text, _ := run(t, false, "", "check", "-C", root)
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{"json", []string{"--format", "json"}, 0, viaJSON, ""},
		{"text", []string{"--format=text"}, 0, text, ""},
		{"json alias agrees", []string{"--json", "--format", "json"}, 0, viaJSON, ""},
		{"unknown", []string{"--format", "xml"}, 2, "", "ah: unknown format \"xml\"; known formats: github, json, junit, markdown, sarif, text\n"},
		{"conflict", []string{"--json", "--format", "text"}, 2, "", "--json means --format json; it conflicts with --format text"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := run(t, false, "", append([]string{"check", "-C", root}, tt.args...)...)
			require.Equal(t, tt.code, code, stderr)
			if tt.code == 0 {
				assert.Equal(t, tt.stdout, stdout)
				return
			}
			assert.Contains(t, stderr, tt.stderr)
		})
	}
	assert.Contains(t, viaJSON, `"envelope_kind": "check"`)
	assert.Contains(t, text, "ah check: passed")
}

// TestLimitProcs: the decision to narrow the runtime belongs to the wiring
// (Deps.LimitProcs), told the parallelism before the tests start and undone
// after; an embedding program leaving it nil is never touched.
func TestLimitProcs(t *testing.T) {
	root := repoWithShellTest(t)
	for _, tt := range []struct {
		args []string
		want []string
	}{
		{[]string{"check", "--run-tests", "-J", "3", "-C", root}, []string{"limit 3", "restore"}},
		// Without --jobs or [execution] jobs: the processors, up to 4.
		{[]string{"check", "--run-tests", "-C", root}, []string{fmt.Sprintf("limit %d", min(runtime.NumCPU(), check.MaxDefaultJobs)), "restore"}},
		{[]string{"check", "--run-tests", "--fail-fast", "-C", root}, []string{"limit 1", "restore"}},
		{[]string{"check", "-C", root}, nil},
	} {
		var calls []string
		d := cli.System()
		d.Streams = &cli.IOStreams{Out: &bytes.Buffer{}, Err: &bytes.Buffer{}}
		d.LimitProcs = func(jobs int) func() {
			calls = append(calls, fmt.Sprintf("limit %d", jobs))
			return func() { calls = append(calls, "restore") }
		}
		require.Equal(t, 0, cli.Main(t.Context(), tt.args, d))
		assert.Equal(t, tt.want, calls, "%v", tt.args)

		d.LimitProcs = nil
		require.Equal(t, 0, cli.Main(t.Context(), tt.args, d))
	}
}
