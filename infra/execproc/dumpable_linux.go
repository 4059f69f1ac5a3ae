//go:build linux

package execproc

import (
	"sync"

	"golang.org/x/sys/unix"
)

var protectOnce sync.Once

// protectOutput makes ah non-dumpable before it starts its first child
// (issue 38). A test is trusted code, but nothing it prints may change a
// verdict: through /proc/<ah pid>/fd/1 (its $PPID) a test could open ah's
// own stdout and write ahead of ah, a forged `ok: true` JSON-RPC result to
// the MCP client or a forged envelope to `ah check --json | cat`. The
// kernel lets another process open /proc/<pid>/fd/N only when it may
// ptrace pid; a non-dumpable process can be ptraced by no process of its
// user without CAP_SYS_PTRACE, so a test of the same unprivileged user no
// longer reaches ah's descriptors (nor its memory, environ or maps).
//
// It changes nothing else ah does: a process always reaches its own
// /proc/self (the orphan scan reads /proc/self/task/*/children), and the
// flag is not inherited across execve, so each test (and the watchdog
// shell) is an ordinary dumpable process whose /proc ah reads as before.
// A test running as root (or with CAP_SYS_PTRACE) still can: see
// docs/reliability.md. A refused prctl (a seccomp filter) leaves ah as it
// was, as on other systems.
func protectOutput() {
	protectOnce.Do(func() {
		_ = unix.Prctl(unix.PR_SET_DUMPABLE, 0, 0, 0, 0)
	})
}
