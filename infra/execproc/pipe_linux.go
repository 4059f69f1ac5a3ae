//go:build linux

package execproc

import (
	"os"
	"syscall"
)

// outputPipe makes the pipe for one of a child's output streams. Only the
// read end, which ah drains, goes to the poller: os.Pipe registers both
// ends, and os/exec then puts the child's end back in blocking mode, six
// system calls a pipe that a run of short tests pays for every test. Both
// ends are made non-blocking, and the child's end is set back with one
// fcntl: O_NONBLOCK is the only status flag of a new pipe.
func outputPipe() (r, w *os.File, err error) {
	var p [2]int
	if err := syscall.Pipe2(p[:], syscall.O_CLOEXEC|syscall.O_NONBLOCK); err != nil {
		return nil, nil, os.NewSyscallError("pipe2", err)
	}
	if _, _, errno := syscall.RawSyscall(syscall.SYS_FCNTL, uintptr(p[1]), syscall.F_SETFL, 0); errno != 0 {
		_ = syscall.Close(p[0])
		_ = syscall.Close(p[1])
		return nil, nil, os.NewSyscallError("fcntl", errno)
	}
	// A non-blocking descriptor makes os.NewFile return a pollable file.
	return os.NewFile(uintptr(p[0]), "|0"), os.NewFile(uintptr(p[1]), "|1"), nil
}
