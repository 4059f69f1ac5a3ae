//go:build unix

package osfs

import (
	"errors"
	"syscall"
)

// processExists reports whether pid names a process, even one this user
// may not signal (EPERM).
func processExists(pid int) bool {
	return !errors.Is(syscall.Kill(pid, 0), syscall.ESRCH)
}
