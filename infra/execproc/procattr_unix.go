//go:build unix && !linux

package execproc

import "syscall"

// sysProcAttr starts the child as the leader of a new process group, so
// signals reach everything it spawns. There is no parent-death signal
// here; the watchdog alone stops the groups of a killed ah.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}

func onSpawnThread(start func() error) error { return start() }
