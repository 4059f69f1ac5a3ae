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
// most n), and returns when all calls have returned. fn must touch only
// what belongs to i.
func Each(n int, fn func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 {
		for i := range n {
			fn(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				fn(i)
			}
		})
	}
	wg.Wait()
}
