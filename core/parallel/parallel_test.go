package parallel_test

import (
	"fmt"
	"runtime"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/core/parallel"
)

// TestEach: every index is called exactly once, whatever the number of
// processors, and none when n is zero; the error is the lowest index's.
func TestEach(t *testing.T) {
	for _, procs := range []int{1, 2, 8} {
		prev := runtime.GOMAXPROCS(procs)
		for _, n := range []int{0, 1, 3, 1000} {
			calls := make([]atomic.Int32, n)
			err := parallel.Each(n, func(i int) error {
				calls[i].Add(1)
				if i%7 == 3 {
					return fmt.Errorf("failed %d", i)
				}
				return nil
			})
			if n > 3 {
				assert.EqualError(t, err, "failed 3", "the lowest failing index wins")
			} else {
				assert.NoError(t, err)
			}
			for i := range calls {
				assert.Equal(t, int32(1), calls[i].Load(), "procs %d n %d index %d", procs, n, i)
			}
		}
		runtime.GOMAXPROCS(prev)
	}
}
