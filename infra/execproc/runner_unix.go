//go:build unix

package execproc

import (
	"errors"
	"os"
	"os/exec"
	"syscall"
)

// setGroup starts the child as the leader of a new process group (see
// sysProcAttr).
func setGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = sysProcAttr()
}

// interrupt sends SIGINT to the child's whole group, as Ctrl-C would.
func interrupt(p *os.Process) {
	signalGroup(p, syscall.SIGINT)
}

// kill sends SIGKILL to the group, and to the child itself in case it moved
// to another group.
func kill(p *os.Process) {
	signalGroup(p, syscall.SIGKILL)
	_ = p.Kill()
}

// killGroup kills whatever is left in the child's group after it exited.
func killGroup(p *os.Process) {
	signalGroup(p, syscall.SIGKILL)
}

func signalGroup(p *os.Process, sig syscall.Signal) {
	// ESRCH only means the group is already empty.
	if err := syscall.Kill(-p.Pid, sig); err != nil && !errors.Is(err, syscall.ESRCH) {
		_ = p.Signal(sig)
	}
}

func signaled(ps *os.ProcessState) bool {
	ws, ok := ps.Sys().(syscall.WaitStatus)
	return ok && ws.Signaled()
}
