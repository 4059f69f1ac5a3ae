package signals

import (
	"context"
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// Stopping lists the signals handled alike: INT (Ctrl-C), TERM (kill, CI
// cancel), HUP (terminal closed, SSH dropped) and QUIT (Ctrl-\). Left to
// Go's defaults, HUP would end ah at once and QUIT would dump goroutines,
// both leaving the tests' process groups running.
var Stopping = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT}

// Notify returns a context cancelled by the first of Stopping to arrive,
// and stop, which stops catching them and returns that signal's number (0
// if none arrived), so the caller can exit 128+n as a shell would report a
// process ended by it.
func Notify(parent context.Context) (ctx context.Context, stop func() int) {
	ctx, cancel := context.WithCancel(parent)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, Stopping...)
	var (
		mu     sync.Mutex
		caught int
		done   = make(chan struct{})
	)
	go func() {
		select {
		case sig := <-ch:
			mu.Lock()
			if s, ok := sig.(syscall.Signal); ok {
				caught = int(s)
			}
			mu.Unlock()
			cancel()
		case <-done:
		}
	}()
	return ctx, func() int {
		signal.Stop(ch)
		close(done)
		cancel()
		mu.Lock()
		defer mu.Unlock()
		return caught
	}
}
