//go:build linux

package execproc

import (
	"os"

	"golang.org/x/sys/unix"
)

// openGroupFile makes the watchdog's groupFile in memory: nothing on disk
// to clean up, whenever ah dies.
func openGroupFile() (*os.File, error) {
	fd, err := unix.MemfdCreate("ah-watchdog", unix.MFD_CLOEXEC)
	if err != nil {
		return nil, os.NewSyscallError("memfd_create", err)
	}
	return os.NewFile(uintptr(fd), "ah-watchdog"), nil
}
