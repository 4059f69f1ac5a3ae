//go:build linux

package execproc

import (
	"runtime"
	"sync"
	"sync/atomic"
	"syscall"
)

// sysProcAttr starts the child as the leader of a new process group, so
// signals reach everything it spawns, and has the kernel kill it if ah
// dies, even by SIGKILL, which ah cannot catch to stop its tests.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// spawnThread runs every start on one goroutine locked to its OS thread
// for the life of the process. Linux sends Pdeathsig when the thread that
// forked the child exits, not the process (https://go.dev/issue/27505):
// Go ends a thread whose locked goroutine returns, so a child forked on an
// arbitrary thread could be killed while ah still runs. Starts are
// serialised by syscall.ForkLock anyway, so one thread costs nothing.
var spawnThread = sync.OnceValue(func() chan<- func() {
	jobs := make(chan func())
	ready := make(chan struct{})
	go func() {
		runtime.LockOSThread() // never unlocked: the thread must not exit
		spawnTID.Store(int32(syscall.Gettid()))
		close(ready)
		for job := range jobs {
			job()
		}
	}()
	<-ready
	return jobs
})

// spawnTID is the spawn thread's id once it runs, else 0: the parent of
// every test, where older kernels re-parent a test's orphans (see
// orphanParents).
var spawnTID atomic.Int32

// onSpawnThread runs start on the spawn thread and returns its error.
func onSpawnThread(start func() error) error {
	done := make(chan error, 1)
	spawnThread() <- func() { done <- start() }
	return <-done
}
