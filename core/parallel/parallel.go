// Package parallel runs independent pieces of pure work on every
// processor, each writing only its own result slot, so that what comes out
// never depends on timing (issue 29: reading and decoding a large corpus).
package parallel

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Each calls fn(i) for every i in [0, n), on one worker per processor (at
// most n), and returns when all calls have returned: the error of the
// lowest i that failed, so the outcome never depends on which worker
// finished first. fn must touch only what belongs to i.
//
// Only the failure of the lowest i is kept, not one error per call: the
// calls of a large corpus are hundreds of thousands (issue 40).
func Each(n int, fn func(i int) error) error {
	var mu sync.Mutex
	first, firstErr := n, error(nil)
	call := func(i int) {
		if err := fn(i); err != nil {
			mu.Lock()
			if i < first {
				first, firstErr = i, err
			}
			mu.Unlock()
		}
	}
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 {
		for i := range n {
			call(i)
		}
		return firstErr
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				call(i)
			}
		})
	}
	wg.Wait()
	return firstErr
}
