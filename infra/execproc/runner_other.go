//go:build !unix

package execproc

import (
	"os"
	"os/exec"
)

// Without process groups only the child itself can be signalled.
func setGroup(*exec.Cmd) {}

// interrupt asks the child to stop; where interrupts are unsupported
// (Windows) it kills it at once.
func interrupt(p *os.Process) {
	if err := p.Signal(os.Interrupt); err != nil {
		_ = p.Kill()
	}
}

func onSpawnThread(start func() error) error { return start() }

func kill(p *os.Process) {
	_ = p.Kill()
}

func killGroup(*os.Process) {}

func signaled(ps *os.ProcessState) bool {
	return !ps.Exited()
}
