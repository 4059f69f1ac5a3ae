//go:build unix

package execproc

import (
	"fmt"
	"os"
	"os/exec"
	"sync"
	"syscall"
)

// watchdogScript is the whole watchdog: a shell reading "+ PGID" and
// "- PGID" lines from ah, and killing the groups still listed once the
// pipe ends, which happens only when ah exits, however it dies. It ignores
// the signals a terminal or CI sends to ah, so it outlives ah to clean up.
const watchdogScript = `trap '' INT TERM HUP QUIT
groups=' '
while read -r op g; do
	case $op in
	+) groups="$groups$g " ;;
	-) groups="${groups%% $g *} ${groups#* $g }" ;;
	esac
done
for g in $groups; do kill -KILL "-$g" 2>/dev/null; done
`

// watchdog is the pipe to the watchdog process; nil if it could not
// start, when only the parent-death signal stops a killed ah's tests.
var watchdog struct {
	once sync.Once
	mu   sync.Mutex
	w    *os.File
	pid  int // set once, under live's lock
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
		r, w, err := os.Pipe()
		if err != nil {
			return
		}
		defer r.Close()
		cmd := exec.Command("/bin/sh", "-c", watchdogScript)
		cmd.Stdin = r
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		// Never waited for: it runs until ah exits. Registered as live in
		// the same critical section as its start, so the orphan reaper
		// never takes it for an escapee.
		live.Lock()
		defer live.Unlock()
		if err := cmd.Start(); err != nil {
			_ = w.Close()
			return
		}
		live.pids[cmd.Process.Pid] = true
		watchdog.pid = cmd.Process.Pid
		watchdog.w = w
	})
}

// guard tells the watchdog to kill pgid if ah dies before unguard.
func guard(pgid int) { tellWatchdog('+', pgid) }

// unguard tells the watchdog the group is gone.
func unguard(pgid int) { tellWatchdog('-', pgid) }

func tellWatchdog(op byte, pgid int) {
	watchdog.mu.Lock()
	defer watchdog.mu.Unlock()
	if watchdog.w != nil {
		// A lost watchdog only loses this protection; the run goes on.
		_, _ = fmt.Fprintf(watchdog.w, "%c %d\n", op, pgid)
	}
}
