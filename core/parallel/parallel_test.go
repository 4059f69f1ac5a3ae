package parallel_test

import (
	"runtime"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/core/parallel"
)

// TestEach: every index is called exactly once, whatever the number of
// processors, and none when n is zero.
func TestEach(t *testing.T) {
	for _, procs := range []int{1, 2, 8} {
		prev := runtime.GOMAXPROCS(procs)
		for _, n := range []int{0, 1, 3, 1000} {
			calls := make([]atomic.Int32, n)
			parallel.Each(n, func(i int) { calls[i].Add(1) })
			for i := range calls {
				assert.Equal(t, int32(1), calls[i].Load(), "procs %d n %d index %d", procs, n, i)
			}
		}
		runtime.GOMAXPROCS(prev)
	}
}
