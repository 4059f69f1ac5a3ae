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
func Each(n int, fn func(i int) error) error {
	errs := make([]error, n)
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 {
		for i := range n {
			errs[i] = fn(i)
		}
	} else {
		var next atomic.Int64
		var wg sync.WaitGroup
		for range workers {
			wg.Go(func() {
				for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
					errs[i] = fn(i)
				}
			})
		}
		wg.Wait()
	}
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
