package execproc_test

import (
	"syscall"
	"testing"
)

// TestKilledRunnerChildDies: on Linux the kernel itself kills a running
// test when ah dies by SIGKILL (parent-death signal), watchdog or not; its
// own children are the watchdog's job (TestKilledRunnerLeavesNoProcess).
// Not parallel, for the same reason.
func TestKilledRunnerChildDies(t *testing.T) {
	child, grandchild := killRunnerMidRun(t, "parent-nowatchdog")
	defer func() {
		_ = syscall.Kill(grandchild, syscall.SIGKILL)
		requireGone(t, grandchild)
	}()
	requireGone(t, child)
}
