package execproc_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/infra/execproc"
)

func init() {
	helpers["escape-exit"] = func([]string) int {
		// A daemon that leaves the group and exits at once: an orphan
		// zombie of the runner's process until someone reaps it.
		cmd := exec.Command(self)
		cmd.Env = append(os.Environ(), helperEnv+"=exit", readyEnv+"=")
		cmd.Args = append(cmd.Args, "0")
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
		if err := cmd.Start(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		fmt.Fprintln(os.Stderr, cmd.Process.Pid)
		return 0
	}
}

// TestOrphanZombiesReapedDuringRun: an escaped process that exits while
// other tests still run is reaped within seconds, not left a zombie until
// the end of the run.
//
// Not parallel: any Run ending while no other runs kills and reaps
// orphans, which would hide a missing reaper; here a test keeps running.
func TestOrphanZombiesReapedDuringRun(t *testing.T) {
	r := &execproc.Process{Grace: testGrace}
	ctx, cancel := context.WithCancel(t.Context())
	busy := make(chan struct{})
	readyFile := filepath.Join(t.TempDir(), "ready")
	go func() {
		defer close(busy)
		cmd := helper("sleep")
		cmd.Env = append(cmd.Env, readyEnv+"="+readyFile)
		_, _ = r.Run(ctx, cmd)
	}()
	defer func() { cancel(); <-busy }()
	for deadline := time.Now().Add(upperBound); ; time.Sleep(10 * time.Millisecond) {
		if _, err := os.Stat(readyFile); err == nil {
			break
		}
		require.False(t, time.Now().After(deadline), "the busy test never started")
	}

	res, err := r.Run(t.Context(), helper("escape-exit"))
	require.NoError(t, err)
	pid := grandchildPID(t, res.Stderr)
	// Poll without reaping it ourselves, as requireGone would.
	for deadline := time.Now().Add(upperBound); ; time.Sleep(50 * time.Millisecond) {
		if errors.Is(syscall.Kill(pid, 0), syscall.ESRCH) {
			return
		}
		if time.Now().After(deadline) {
			_, _ = syscall.Wait4(pid, nil, syscall.WNOHANG, nil)
			t.Fatalf("orphan %d was not reaped while another test ran", pid)
		}
	}
}

// TestEscapeeKilledWhenIdle: a daemon a test left running (setsid) is
// stopped as soon as no test runs any more, not only when ah exits, so a
// long run of sequential tests does not pile them up.
//
// Not parallel: see TestOrphanZombiesReapedDuringRun.
func TestEscapeeKilledWhenIdle(t *testing.T) {
	r := &execproc.Process{Grace: testGrace}
	res, err := r.Run(t.Context(), helper("escape"))
	require.NoError(t, err)
	pid := grandchildPID(t, res.Stderr)
	// Run killed and reaped it before returning: no polling needed.
	if err := syscall.Kill(pid, 0); !errors.Is(err, syscall.ESRCH) {
		_ = syscall.Kill(pid, syscall.SIGKILL)
		t.Fatalf("escapee %d still exists after the run: kill(pid, 0) = %v", pid, err)
	}
}
