package execution_test

import (
	"context"
	"errors"
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
			case <-time.After(time.Minute): // a hang, not a speed bound
				return ports.Result{ExitCode: 9}, nil
			}
		}
		return ports.Result{}, nil
	})
	var mu sync.Mutex
	var order []int
	execution.Stream(t.Context(), execution.Env{Process: proc, Dir: "/repo"}, jobs, execution.Options{Workers: 2}, func(i int, r execution.JobResult) {
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
	res := execution.Run(t.Context(), execution.Env{Process: proc, Dir: "/repo"}, jobs, execution.Options{Workers: 2})
	require.Len(t, res.Executions, 2)
	assert.Equal(t, []string{execution.Failed, execution.Passed}, []string{res.Executions[0].Verdict, res.Executions[1].Verdict}, "assembled in plan order")
}

// progressJobs are five jobs ending five ways, one of them shared by two
// bindings, and the process answering each by its command.
func progressJobs(t *testing.T) ([]execution.Job, ports.Process) {
	results := map[string]ports.Result{
		"pass":    {},
		"fail":    {ExitCode: 1},
		"timeout": {ExitCode: -1, TimedOut: true},
		"killed":  {ExitCode: -1, Signaled: true},
	}
	jobs := plan(t, shell("a", "pass"), shell("a2", "pass"), shell("b", "fail"), shell("c", "timeout"), shell("d", "killed"), shell("e", "unstartable"))
	proc := processFunc(func(_ context.Context, cmd ports.Command) (ports.Result, error) {
		name := cmd.Argv[len(cmd.Argv)-1]
		if name == "unstartable" {
			return ports.Result{ExitCode: -1}, errors.New("start: no such file")
		}
		return results[name], nil
	})
	return jobs, proc
}

// TestStreamProgress: progress counts test bindings, like the report's
// summary, so the last update matches the report; every job is reported
// once as it finishes.
func TestStreamProgress(t *testing.T) {
	jobs, proc := progressJobs(t)
	var log progressLog
	res := execution.Run(t.Context(), execution.Env{Process: proc, Dir: "/repo"}, jobs, execution.Options{Workers: 2, Progress: &log})

	require.NotEmpty(t, log.updates)
	last := log.updates[len(log.updates)-1]
	assert.Equal(t, execution.Counts{Done: 6, Running: 0, Passed: 2, Failed: 4, Total: 6}, last)
	assert.Equal(t, res.Passed, last.Passed, "the live count matches the report")
	assert.Equal(t, len(res.Findings), last.Failed)
	for _, u := range log.updates {
		assert.LessOrEqual(t, u.Running, 2, "never more bindings running than two workers start")
		assert.Equal(t, 6, u.Total)
	}
	assert.Len(t, log.finished, len(jobs), "one finished event per job")
}

// TestStreamFailFast: after the first job that does not pass no job
// starts; the rest are not_run (never passed), and that is no interruption.
func TestStreamFailFast(t *testing.T) {
	jobs, proc := progressJobs(t)
	var log progressLog
	res := execution.Run(t.Context(), execution.Env{Process: proc, Dir: "/repo"}, jobs, execution.Options{Workers: 1, FailFast: true, Progress: &log})

	var verdicts []string
	for _, e := range res.Executions {
		verdicts = append(verdicts, e.Verdict)
	}
	assert.Equal(t, []string{execution.Passed, execution.Failed, execution.NotRun, execution.NotRun, execution.NotRun}, verdicts)
	assert.Equal(t, 2, res.Passed)
	assert.Equal(t, 3, res.NotRun)
	assert.False(t, res.Interrupted, "stopping early is not an interruption")
	assert.Len(t, res.Findings, 1, "only the failure that ran is a finding")
	assert.Len(t, log.finished, 2, "progress shows only the jobs that ran")

	res = execution.Run(t.Context(), execution.Env{Process: proc, Dir: "/repo"}, jobs, execution.Options{Workers: 1})
	assert.Zero(t, res.NotRun, "without fail-fast everything runs")
}

// TestStreamProgressCancelledJob: a job whose run was cancelled is done
// but neither passed nor failed.
func TestStreamProgressCancelledJob(t *testing.T) {
	jobs := plan(t, shell("a", "pass"), shell("b", "cancelled"))
	proc := processFunc(func(_ context.Context, cmd ports.Command) (ports.Result, error) {
		if cmd.Argv[len(cmd.Argv)-1] == "cancelled" {
			return ports.Result{ExitCode: -1, Canceled: true}, nil
		}
		return ports.Result{}, nil
	})
	var log progressLog
	res := execution.Run(t.Context(), execution.Env{Process: proc, Dir: "/repo"}, jobs, execution.Options{Workers: 1, Progress: &log})
	require.NotEmpty(t, log.updates)
	assert.Equal(t, execution.Counts{Done: 2, Passed: 1, Total: 2}, log.updates[len(log.updates)-1])
	assert.Equal(t, 1, res.NotRun)
}
