//go:build linux

package execproc

import (
	"os"

	"golang.org/x/sys/unix"
)

// openGroupFile makes the watchdog's groupFile in memory, nothing on disk
// to clean up whenever ah dies; in a temporary file where memfd_create is
// refused (kernels before 3.17, seccomp filters).
func openGroupFile() (*os.File, error) {
	fd, err := unix.MemfdCreate("ah-watchdog", unix.MFD_CLOEXEC)
	if err != nil {
		return tempGroupFile()
	}
	return os.NewFile(uintptr(fd), "ah-watchdog"), nil
}
