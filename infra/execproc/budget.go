package execproc

import (
	"context"
	"errors"
	"sync"
	"syscall"
	"time"
)

// fdsPerRun is about what one running test holds: the read ends of its
// two pipes and a pidfd, plus, while it starts, the write ends, /dev/null
// for stdin and os/exec's error pipe.
const fdsPerRun = 6

// maxSlots caps the semaphore where the limit is huge or unknown.
const maxSlots = 1 << 16

// slots bounds how many children run at once by the descriptor limit, so
// `--jobs 300` under `ulimit -n 1024` waits for a slot instead of failing
// starts with "too many open files". A quarter of the limit (at most 256)
// is left for ah's own files.
var slots = sync.OnceValue(func() chan struct{} {
	n := maxSlots
	if limit := openFileLimit(); limit > 0 {
		reserve := min(limit/4, 256)
		n = max((limit-reserve)/fdsPerRun, 1)
	}
	return make(chan struct{}, min(n, maxSlots))
})

// acquire takes a slot, or reports false once ctx is done.
func acquire(ctx context.Context) bool {
	select {
	case slots() <- struct{}{}:
		return true
	case <-ctx.Done():
		return false
	}
}

func release() { <-slots() }

// startRetries bounds how long a start refused for lack of descriptors
// or processes is retried: about 20 s of waiting for others to finish.
const startRetries = 12

// startRetrying starts cmd, retrying with backoff while the system is out
// of descriptors or processes (EMFILE, ENFILE, EAGAIN): descriptors held
// by the rest of the process or the system are freed as other tests end.
// It returns nil and no error if ctx ends first.
func startRetrying(ctx context.Context, start func() (*child, error)) (*child, error) {
	backoff := 10 * time.Millisecond
	for i := 0; ; i++ {
		ch, err := start()
		if err == nil || !outOfResources(err) || i == startRetries {
			return ch, err
		}
		t := time.NewTimer(backoff)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, nil
		case <-t.C:
		}
		backoff = min(2*backoff, 5*time.Second)
	}
}

func outOfResources(err error) bool {
	return errors.Is(err, syscall.EMFILE) || errors.Is(err, syscall.ENFILE) || errors.Is(err, syscall.EAGAIN)
}
