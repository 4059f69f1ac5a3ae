//go:build unix

package execproc_test

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/ports"
)

func init() {
	helpers["trapint"] = trapInterrupt
	helpers["spawn"] = func([]string) int { return spawnSleeper(false) }
	helpers["escape"] = func([]string) int { return spawnSleeper(true) }
}

// trapInterrupt reports SIGINT on stderr and keeps running, like a test
// runner stuck in its clean-up.
func trapInterrupt([]string) int {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	ready()
	for range sig {
		fmt.Fprintln(os.Stderr, "got interrupt")
	}
	return 0
}

// spawnSleeper starts a grandchild that inherits stdout and sleeps, prints
// its pid on stderr and exits without waiting for it. With escape, the
// grandchild leaves the process group (setsid), as a daemon would.
func spawnSleeper(escape bool) int {
	cmd := exec.Command(self)
	cmd.Env = append(os.Environ(), helperEnv+"=sleep")
	cmd.Stdout = os.Stdout
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: escape}
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	fmt.Fprintln(os.Stderr, cmd.Process.Pid)
	return 0
}

func TestRunKillsChildIgnoringInterrupt(t *testing.T) {
	t.Parallel()
	res := runCanceledWhenReady(t, "trapint")
	// It saw the interrupt, survived it, and was killed after the grace period.
	assert.Equal(t, "got interrupt\n", string(res.Stderr))
	assert.True(t, res.Canceled)
	assert.True(t, res.Signaled)
	assert.Equal(t, -1, res.ExitCode)
}

// Regression test for https://go.dev/issue/24050: a grandchild holding
// stdout must not hang the run, and must not survive it.
func TestRunKillsGrandchildHoldingStdout(t *testing.T) {
	t.Parallel()
	began := time.Now()
	res, err := newRunner().Run(t.Context(), helper("spawn"))
	require.NoError(t, err)
	assert.Less(t, time.Since(began), upperBound)
	assert.Equal(t, 0, res.ExitCode)
	assert.False(t, res.IOIncomplete, "the grandchild was killed, so the pipe closed")

	requireGone(t, grandchildPID(t, res.Stderr))
}

func TestRunAbandonsPipeOfEscapedGrandchild(t *testing.T) {
	t.Parallel()
	began := time.Now()
	res, err := newRunner().Run(t.Context(), helper("escape"))
	require.NoError(t, err)
	pid := grandchildPID(t, res.Stderr)
	// It left our process group; the runner kills it once no test runs,
	// which may already have happened, else clean it up by hand.
	if err := syscall.Kill(pid, syscall.SIGKILL); !errors.Is(err, syscall.ESRCH) {
		require.NoError(t, err)
	}
	requireGone(t, pid)

	assert.Less(t, time.Since(began), upperBound)
	assert.Equal(t, 0, res.ExitCode)
	assert.True(t, res.IOIncomplete)
}

func grandchildPID(t *testing.T, stderr []byte) int {
	t.Helper()
	pid, err := strconv.Atoi(strings.TrimSpace(string(stderr)))
	require.NoError(t, err, "child stderr: %q", stderr)
	return pid
}

// requireGone waits until pid no longer exists, reaping it if it was
// orphaned to us (see setUpParent): a zombie still answers kill(pid, 0).
func requireGone(t *testing.T, pid int) {
	t.Helper()
	for deadline := time.Now().Add(upperBound); ; {
		_, _ = syscall.Wait4(pid, nil, syscall.WNOHANG, nil)
		err := syscall.Kill(pid, 0)
		if errors.Is(err, syscall.ESRCH) {
			return
		}
		if time.Now().After(deadline) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("grandchild %d still exists: kill(pid, 0) = %v, want ESRCH", pid, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestRunStartErrorInPlainWords: a start failure says what happened to
// which file, without Go's "fork/exec" prefix.
func TestRunStartErrorInPlainWords(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "noshebang"), []byte{0x7f, 0, 0, 0}, 0o755))
	missing := filepath.Join(dir, "missing")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "nointerp"), []byte("#!/ah-no-such-interpreter\n"), 0o755))
	tests := []struct {
		program, want string
		missing       bool
	}{
		{missing, `start "` + missing + `": ` + missing + ` does not exist (or the interpreter on its #! line does not)`, true},
		{"./noshebang", `start "./noshebang": ./noshebang is not a program this system can run (a script needs a #! line)`, false},
		// The script is there: its interpreter is what is missing, which
		// the message says, but the program is not missing itself.
		{"./nointerp", `start "./nointerp": ./nointerp does not exist (or the interpreter on its #! line does not)`, false},
	}
	for _, tt := range tests {
		_, err := newRunner().Run(t.Context(), ports.Command{Argv: []string{tt.program}, Dir: dir})
		require.Error(t, err)
		assert.EqualError(t, err, tt.want)
		assert.NotContains(t, err.Error(), "fork/exec")
		_, ok := errors.AsType[*ports.ProgramNotFoundError](err)
		assert.Equal(t, tt.missing, ok, tt.program)
	}
}
