//go:build unix

package execproc

import (
	"os"
	"os/exec"
	"sync"
	"syscall"
)

// watchdogScript is the whole watchdog: a shell waiting for the end of a
// pipe from ah, which comes only when ah exits, however it dies, and then
// killing the process groups listed in the groupFile on descriptor 3. It
// ignores the signals a terminal or CI sends to ah, so it outlives ah to
// clean up. ah writes the file with pwrite only, so the shared offset of
// descriptor 3 is still at the start.
const watchdogScript = `trap '' INT TERM HUP QUIT
while read -r _; do :; done
while read -r g; do
	[ -n "$g" ] && kill -KILL "-$g" 2>/dev/null
done <&3
`

// watchdog is the watchdog's groupFile and the pipe whose end it waits
// for; groups is nil if it could not start, when only the parent-death
// signal stops a killed ah's tests.
var watchdog struct {
	once   sync.Once
	mu     sync.Mutex
	w      *os.File // never written: ah's exit closes it
	groups *groupFile
	pid    int // set once, under live's lock
}

// watchdogPID is the watchdog's pid, or 0; the caller holds live's lock.
func watchdogPID() int { return watchdog.pid }

// startWatchdog starts the watchdog once, in its own process group so
// Ctrl-C in the terminal does not reach it. SIGKILL cannot be caught, and
// the kernel's parent-death signal reaches only ah's direct children, the
// leaders of the tests' groups: their own children would survive, re-
// parented to init. The watchdog ends them.
func startWatchdog() {
	watchdog.once.Do(func() {
		state, err := openGroupFile()
		if err != nil {
			return
		}
		r, w, err := os.Pipe()
		if err != nil {
			_ = state.Close()
			return
		}
		defer r.Close()
		cmd := exec.Command("/bin/sh", "-c", watchdogScript)
		cmd.Stdin = r
		cmd.ExtraFiles = []*os.File{state}
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		// Never waited for: it runs until ah exits. Registered as live in
		// the same critical section as its start, so the orphan reaper
		// never takes it for an escapee.
		live.Lock()
		defer live.Unlock()
		if err := cmd.Start(); err != nil {
			_ = w.Close()
			_ = state.Close()
			return
		}
		live.pids[cmd.Process.Pid] = true
		watchdog.pid = cmd.Process.Pid
		watchdog.w = w
		watchdog.groups = newGroupFile(state)
	})
}

// guard has the watchdog kill pgid if ah dies before unguard.
func guard(pgid int) {
	watchdog.mu.Lock()
	defer watchdog.mu.Unlock()
	if watchdog.groups != nil {
		// A lost watchdog only loses this protection; the run goes on.
		_ = watchdog.groups.add(pgid)
	}
}

// unguard tells the watchdog the group is gone.
func unguard(pgid int) {
	watchdog.mu.Lock()
	defer watchdog.mu.Unlock()
	if watchdog.groups != nil {
		_ = watchdog.groups.remove(pgid)
	}
}
