package execproc_test

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/infra/execproc"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

// testGrace keeps the suite fast; production uses DefaultGrace.
const testGrace = 200 * time.Millisecond

// upperBound is a generous limit proving "returned promptly" without
// timing anything precisely: half of the minute the helpers sleep, so a
// loaded machine's slow start is never mistaken for a hang (issue 37).
const upperBound = 30 * time.Second

func newRunner() *execproc.Process {
	return &execproc.Process{Grace: testGrace}
}

func TestRunnerContract(t *testing.T) {
	portstest.RunProcessContract(t, func(*testing.T) ports.Process { return newRunner() })
}

func TestRunExitCode(t *testing.T) {
	t.Parallel()
	for _, code := range []int{0, 3} {
		res, err := newRunner().Run(t.Context(), helper("exit", strconv.Itoa(code)))
		require.NoError(t, err)
		assert.Equal(t, code, res.ExitCode)
		assert.False(t, res.Signaled || res.TimedOut || res.Canceled || res.IOIncomplete, "%+v", res)
		assert.Positive(t, res.Duration)
	}
}

func TestRunSeparateStreams(t *testing.T) {
	t.Parallel()
	res, err := newRunner().Run(t.Context(), helper("streams"))
	require.NoError(t, err)
	assert.Equal(t, "to stdout\n", string(res.Stdout))
	assert.Equal(t, "to stderr\n", string(res.Stderr))
	assert.Equal(t, int64(10), res.StdoutBytes)
	assert.Equal(t, int64(10), res.StderrBytes)
}

func TestRunLargeOutputKeepsTail(t *testing.T) {
	t.Parallel()
	for _, n := range []int{200_000, 20_000_000} {
		cmd := helper("flood", strconv.Itoa(n))
		cmd.Timeout = time.Minute
		res, err := newRunner().Run(t.Context(), cmd)
		require.NoError(t, err)
		assert.Equal(t, 0, res.ExitCode)
		assert.False(t, res.TimedOut)
		assert.Equal(t, int64(n), res.StdoutBytes)
		assert.Equal(t, pattern(n-ports.DefaultTailBytes, ports.DefaultTailBytes), res.Stdout)
		assert.Empty(t, res.Stderr)
	}
}

func TestRunTailBytes(t *testing.T) {
	t.Parallel()
	cmd := helper("flood", "1000")
	cmd.TailBytes = 10
	res, err := newRunner().Run(t.Context(), cmd)
	require.NoError(t, err)
	assert.Equal(t, pattern(990, 10), res.Stdout)
	assert.Equal(t, int64(1000), res.StdoutBytes)
}

// TestRunStdoutSink: a sink gets every byte of stdout, far beyond the tail,
// and the tail is kept as without one.
func TestRunStdoutSink(t *testing.T) {
	t.Parallel()
	const n = 1_000_000
	var sink bytes.Buffer
	cmd := helper("flood", strconv.Itoa(n))
	cmd.TailBytes, cmd.Stdout = 10, &sink
	res, err := newRunner().Run(t.Context(), cmd)
	require.NoError(t, err)
	assert.Equal(t, pattern(0, n), sink.Bytes())
	assert.Equal(t, pattern(n-10, 10), res.Stdout)
	assert.Equal(t, int64(n), res.StdoutBytes)
}

// TestRunStderrSink: the same for stderr, which cargo's compile errors
// are read from as they stream.
func TestRunStderrSink(t *testing.T) {
	t.Parallel()
	const n = 1_000_000
	var sink bytes.Buffer
	cmd := helper("flood-stderr", strconv.Itoa(n))
	cmd.TailBytes, cmd.Stderr = 10, &sink
	res, err := newRunner().Run(t.Context(), cmd)
	require.NoError(t, err)
	assert.Equal(t, pattern(0, n), sink.Bytes())
	assert.Equal(t, pattern(n-10, 10), res.Stderr)
	assert.Equal(t, int64(n), res.StderrBytes)
}

func TestRunTimeoutKillsSlowChild(t *testing.T) {
	t.Parallel()
	cmd := helper("sleep") // would sleep a minute
	cmd.Timeout = 300 * time.Millisecond
	began := time.Now()
	res, err := newRunner().Run(t.Context(), cmd)
	require.NoError(t, err)
	assert.Less(t, time.Since(began), upperBound)
	assert.True(t, res.TimedOut)
	assert.False(t, res.Canceled)
	assert.True(t, res.Signaled)
	assert.Equal(t, -1, res.ExitCode)
}

func TestRunContextCancel(t *testing.T) {
	t.Parallel()
	res := runCanceledWhenReady(t, "sleep")
	assert.True(t, res.Canceled)
	assert.False(t, res.TimedOut)
	assert.Equal(t, -1, res.ExitCode)
}

func TestRunDirAndEnv(t *testing.T) {
	t.Setenv("AH_EXECPROC_INHERITED", "from parent")
	dir := t.TempDir()

	cmd := helper("pwd")
	cmd.Dir = dir
	res, err := newRunner().Run(t.Context(), cmd)
	require.NoError(t, err)
	want, err := filepath.EvalSymlinks(dir)
	require.NoError(t, err)
	got, err := filepath.EvalSymlinks(string(res.Stdout))
	require.NoError(t, err)
	assert.Equal(t, want, got)

	cmd = helper("env", "AH_EXECPROC_INHERITED", "AH_EXECPROC_ADDED")
	cmd.Env = append(cmd.Env, "AH_EXECPROC_ADDED=first", "AH_EXECPROC_ADDED=last wins")
	res, err = newRunner().Run(t.Context(), cmd)
	require.NoError(t, err)
	assert.Equal(t, "AH_EXECPROC_INHERITED=from parent\nAH_EXECPROC_ADDED=last wins\n", string(res.Stdout))
}

func TestRunMissingProgram(t *testing.T) {
	t.Parallel()
	res, err := newRunner().Run(t.Context(), ports.Command{Argv: []string{"ah-execproc-no-such-program"}})
	require.Error(t, err)
	assert.EqualError(t, err, `start "ah-execproc-no-such-program": executable file not found in $PATH`)
	assert.True(t, errors.Is(err, exec.ErrNotFound))
	assert.Equal(t, -1, res.ExitCode)
	nf, ok := errors.AsType[*ports.ProgramNotFoundError](err)
	require.True(t, ok, "a program not on PATH is a missing program")
	assert.Equal(t, "ah-execproc-no-such-program", nf.Program)
}

func TestRunMissingDir(t *testing.T) {
	t.Parallel()
	cmd := helper("exit", "0")
	cmd.Dir = filepath.Join(t.TempDir(), "missing")
	_, err := newRunner().Run(t.Context(), cmd)
	require.ErrorIs(t, err, fs.ErrNotExist)
	assert.Contains(t, err.Error(), ": the working directory "+cmd.Dir+" does not exist")
	_, ok := errors.AsType[*ports.ProgramNotFoundError](err)
	assert.False(t, ok, "a missing directory is no missing program")
}

// runCanceledWhenReady runs the helper in mode, cancels the run once the
// helper says it is ready, and checks that the run returned promptly.
func runCanceledWhenReady(t *testing.T, mode string) ports.Result {
	t.Helper()
	cmd := helper(mode)
	readyFile := filepath.Join(t.TempDir(), "ready")
	cmd.Env = append(cmd.Env, readyEnv+"="+readyFile)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	go cancelWhenExists(cancel, readyFile)

	began := time.Now()
	res, err := newRunner().Run(ctx, cmd)
	require.NoError(t, err)
	assert.Less(t, time.Since(began), upperBound)
	return res
}

// cancelWhenExists calls cancel once name exists, or after upperBound so a
// child that never gets ready still fails the test instead of hanging it.
func cancelWhenExists(cancel context.CancelFunc, name string) {
	defer cancel()
	for deadline := time.Now().Add(upperBound); time.Now().Before(deadline); {
		if _, err := os.Stat(name); err == nil {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestRunNotAProgram: a runner that is a directory or a file without the
// execute bit was reported as "fork/exec ./x: permission denied"; the
// error says which it is.
func TestRunNotAProgram(t *testing.T) {
	t.Parallel()
	if runtime.GOOS == "windows" {
		t.Skip("no execute bit on Windows")
	}
	dir := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(dir, "tools"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "script"), []byte("echo hi\n"), 0o644))
	tests := []struct{ program, want string }{
		{"./tools", `start "./tools": ./tools is a directory, not a program`},
		{"./script", `start "./script": ./script is not executable (chmod +x it, or run it through its interpreter)`},
	}
	for _, tt := range tests {
		_, err := newRunner().Run(t.Context(), ports.Command{Argv: []string{tt.program}, Dir: dir})
		require.ErrorIs(t, err, fs.ErrPermission)
		assert.EqualError(t, err, tt.want)
	}
}
