package execproc_test

import "syscall"

// setUpParent makes the test process the reaper of orphaned descendants.
// Otherwise a killed grandchild stays a zombie until PID 1 reaps it, and
// kill(pid, 0) keeps succeeding on the zombie; some container inits reap
// only every second or so.
func setUpParent() {
	const prSetChildSubreaper = 36 // PR_SET_CHILD_SUBREAPER, linux/prctl.h
	_, _, _ = syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0)
}
