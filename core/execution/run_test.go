package execution_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/ports"
)

// TestStreamEmitsAsJobsEnd: a job's judged result is emitted as soon as it
// ends, while other jobs still run; Run still returns them in plan order.
func TestStreamEmitsAsJobsEnd(t *testing.T) {
	jobs := plan(t, shell("a", "slow"), shell("b", "fast"))
	fastEmitted := make(chan struct{})
	proc := processFunc(func(ctx context.Context, cmd ports.Command) (ports.Result, error) {
		if cmd.Argv[len(cmd.Argv)-1] == "slow" {
			select {
			case <-fastEmitted: // the fast job's result is out before this one ends
			case <-time.After(10 * time.Second):
				return ports.Result{ExitCode: 9}, nil
			}
		}
		return ports.Result{}, nil
	})
	var mu sync.Mutex
	var order []int
	execution.Stream(t.Context(), execution.Env{Process: proc, Dir: "/repo"}, jobs, 2, nil, func(i int, r execution.JobResult) {
		mu.Lock()
		order = append(order, i)
		mu.Unlock()
		assert.Equal(t, execution.Passed, r.Execution.Verdict, "job %d", i)
		if i == 1 {
			close(fastEmitted)
		}
	})
	assert.Equal(t, []int{1, 0}, order, "emitted in completion order")

	fastDone := make(chan struct{})
	proc = processFunc(func(ctx context.Context, cmd ports.Command) (ports.Result, error) {
		if cmd.Argv[len(cmd.Argv)-1] == "slow" {
			<-fastDone
			return ports.Result{ExitCode: 1}, nil
		}
		defer close(fastDone)
		return ports.Result{}, nil
	})
	res := execution.Run(t.Context(), execution.Env{Process: proc, Dir: "/repo"}, jobs, 2, nil)
	require.Len(t, res.Executions, 2)
	assert.Equal(t, []string{execution.Failed, execution.Passed}, []string{res.Executions[0].Verdict, res.Executions[1].Verdict}, "assembled in plan order")
}
