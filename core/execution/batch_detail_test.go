package execution_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/ports"
)

// TestBatchTimingsShareTheDuration: with --timings the batch records its
// whole duration and each member an equal share, so the members' durations
// add up to what ran.
func TestBatchTimingsShareTheDuration(t *testing.T) {
	answer := func(cmd ports.Command) ports.Result {
		r := passAll(cmd)
		r.Duration = 9 * time.Second
		return r
	}
	res, calls := batchRunTimed(t, 9, execution.Options{Workers: 1, Batch: true}, true, answer, nil)
	require.Len(t, calls, 1)
	require.Len(t, res.Batches, 1)
	require.NotNil(t, res.Batches[0].DurationMS)
	assert.Equal(t, int64(9000), *res.Batches[0].DurationMS)
	require.Len(t, res.Executions, 9)
	for _, ex := range res.Executions {
		require.NotNil(t, ex.DurationMS)
		assert.Equal(t, int64(1000), *ex.DurationMS, ex.Bindings[0])
	}
}

// TestBatchNoTestsRanSaysWhy: a member whose selection matched no
// reported test, or only skipped ones, is no-tests-ran, and its message
// says which.
func TestBatchNoTestsRanSaysWhy(t *testing.T) {
	answer := func(ports.Command) ports.Result { return ports.Result{Stdout: []byte("t01 passed\nt02 skipped\n")} }
	res, _ := batchRun(t, 9, execution.Options{Workers: 1, Batch: true}, answer, nil)
	messages := map[string]string{}
	for _, f := range res.Findings {
		assert.Equal(t, finding.NoTestsRan, f.Kind)
		messages[f.Scenario.ID] = f.Message
	}
	const advice = ": its flags select nothing, or only skipped tests; fix them so they select the test that proves this scenario"
	assert.Equal(t, "tests.fw[0] of .espectacular/c/s02.toml ran no test in batched invocation batch-1 (1 matching tests, all skipped)"+advice, messages["s02"])
	assert.Equal(t, "tests.fw[0] of .espectacular/c/s03.toml ran no test in batched invocation batch-1 (no reported test matches its selection)"+advice, messages["s03"])
}

// TestBatchTimeoutIsTheLargest: a batch runs under the largest timeout of
// its members, and a member without a bound leaves the batch unbounded
// (C-batch-timeout).
func TestBatchTimeoutIsTheLargest(t *testing.T) {
	const unbounded = 1 << 62 // too large for a duration: no bound
	tests := []struct {
		name     string
		timeouts map[int]int // member -> timeout_seconds; the others have the default 5
		want     time.Duration
	}{
		{"the default", nil, 5 * time.Second},
		{"a larger one in the middle", map[int]int{4: 7}, 7 * time.Second},
		{"a larger one first", map[int]int{1: 7}, 7 * time.Second},
		{"a smaller one first", map[int]int{1: 3}, 5 * time.Second},
		{"an unbounded one in the middle", map[int]int{1: 7, 4: unbounded}, 0},
		{"an unbounded one first", map[int]int{1: unbounded, 4: 7}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, calls := batchRun(t, 9, execution.Options{Workers: 1, Batch: true}, passAll, func(i int, b *execution.Binding) {
				b.Entry.TimeoutSeconds = tt.timeouts[i]
			})
			require.Len(t, calls, 1)
			assert.Equal(t, tt.want, calls[0].Timeout)
		})
	}
}
