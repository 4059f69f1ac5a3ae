package execproc

import (
	"os/exec"
	"sync"
)

// live holds the PIDs of the children this process waits for itself (the
// tests of every Process, and the watchdog), so the orphan reaper never
// takes one's exit status from exec.Cmd.Wait, nor kills a running test.
// The reaper holds the lock while it lists and reaps, and a start holds
// it from fork to registration, so no child is ever seen unregistered.
var live = struct {
	sync.Mutex
	pids  map[int]bool
	tests int // how many of pids are tests
}{pids: map[int]bool{}}

// startTracked starts cmd and registers its child as a running test.
func startTracked(cmd *exec.Cmd) error {
	live.Lock()
	defer live.Unlock()
	if err := onSpawnThread(cmd.Start); err != nil {
		return err
	}
	live.pids[cmd.Process.Pid] = true
	live.tests++
	return nil
}

// untrack forgets a test once waited for, and returns how many tests
// still run.
func untrack(pid int) int {
	live.Lock()
	defer live.Unlock()
	if live.pids[pid] {
		delete(live.pids, pid)
		live.tests--
	}
	return live.tests
}
