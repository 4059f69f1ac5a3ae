//go:build unix

package execproc_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/infra/execproc"
)

// pidsEnv names the file where the "family" helper writes its pid and its
// child's.
const pidsEnv = "AH_EXECPROC_PIDS"

func init() {
	helpers["parent"] = runFamily
	helpers["parent-nowatchdog"] = func(args []string) int {
		execproc.DisableWatchdog()
		return runFamily(args)
	}
	helpers["family"] = startFamily
}

// runFamily plays ah: it runs the "family" helper through a Process and
// waits; the test kills it with SIGKILL mid-run.
func runFamily([]string) int {
	cmd := helper("family")
	cmd.Env = append(cmd.Env, readyEnv+"="+os.Getenv(readyEnv), pidsEnv+"="+os.Getenv(pidsEnv))
	_, err := (&execproc.Process{}).Run(context.Background(), cmd)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// startFamily plays a test with a grandchild in its process group (a test
// runner's worker): it records both pids, then sleeps.
func startFamily([]string) int {
	gc := exec.Command(self)
	gc.Env = append(os.Environ(), helperEnv+"=sleep", readyEnv+"=")
	if err := gc.Start(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	pids := fmt.Sprintf("%d %d", os.Getpid(), gc.Process.Pid)
	if err := os.WriteFile(os.Getenv(pidsEnv), []byte(pids), 0o600); err != nil {
		return 1
	}
	ready()
	time.Sleep(time.Minute)
	return 0
}

// TestKilledRunnerLeavesNoProcess: when ah dies by SIGKILL, which it cannot
// catch, neither a running test (parent-death signal, Linux) nor the
// test's own child in its group (the watchdog) outlives it.
//
// Not parallel: the killed parent is started here with os/exec, not by a
// Process, so a parallel Process going idle would take it for an escaped
// orphan of this process and kill it.
func TestKilledRunnerLeavesNoProcess(t *testing.T) {
	child, grandchild := killRunnerMidRun(t, "parent")
	requireGone(t, child)
	requireGone(t, grandchild)
}

// killRunnerMidRun starts the helper mode (a Process running "family"),
// kills it with SIGKILL once the family runs, and returns the family's pids.
func killRunnerMidRun(t *testing.T, mode string) (child, grandchild int) {
	t.Helper()
	dir := t.TempDir()
	readyFile, pidsFile := filepath.Join(dir, "ready"), filepath.Join(dir, "pids")
	parent := exec.Command(self)
	parent.Env = append(os.Environ(), helperEnv+"="+mode, readyEnv+"="+readyFile, pidsEnv+"="+pidsFile, "GORACE=atexit_sleep_ms=0")
	require.NoError(t, parent.Start())
	for deadline := time.Now().Add(upperBound); ; time.Sleep(10 * time.Millisecond) {
		if _, err := os.Stat(readyFile); err == nil {
			break
		}
		if time.Now().After(deadline) {
			_ = parent.Process.Kill()
			t.Fatal("the test never started")
		}
	}
	data, err := os.ReadFile(pidsFile)
	require.NoError(t, err)
	fields := strings.Fields(string(data))
	require.Len(t, fields, 2, "pids file: %q", data)
	child, err = strconv.Atoi(fields[0])
	require.NoError(t, err)
	grandchild, err = strconv.Atoi(fields[1])
	require.NoError(t, err)

	require.NoError(t, parent.Process.Kill())
	_ = parent.Wait()
	return child, grandchild
}
