package execution_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/ports"
)

// repeat runs scheduling tests several times: a rule broken only under some
// interleavings should not slip through on a lucky run.
const repeat = 25

// nameOf is the job's name in the recorder: its shell command.
func nameOf(j execution.Job) string { return j.Invocation.Argv[len(j.Invocation.Argv)-1] }

// mixedJobs are twelve jobs: some share "db", some "redis", two use both,
// the rest are free.
func mixedJobs(t *testing.T) []execution.Job {
	var bs []execution.Binding
	for i := range 12 {
		var opts []func(*contract.Entry)
		switch i % 4 {
		case 0:
			opts = append(opts, withResources("db"))
		case 1:
			opts = append(opts, withResources("redis"))
		case 2:
			if i < 8 {
				opts = append(opts, withResources("db", "redis"))
			}
		}
		bs = append(bs, shell(fmt.Sprintf("s%02d", i), fmt.Sprintf("job%02d", i), opts...))
	}
	return plan(t, bs...)
}

func TestScheduleResourcesNeverOverlap(t *testing.T) {
	for n := range repeat {
		rec := &recorder{}
		jobs := mixedJobs(t)
		out := schedule(t.Context(), rec.process(), jobs, 4)
		require.Len(t, out, len(jobs))

		resources := map[string][]string{}
		for _, j := range jobs {
			resources[nameOf(j)] = j.Resources
		}
		replay(rec.Events(), func(name string, running []string) {
			for _, other := range running {
				for _, r := range resources[name] {
					assert.NotContains(t, resources[other], r, "run %d: %s started while %s held %q", n, name, other, r)
				}
			}
		})
		assert.LessOrEqual(t, rec.MaxRunning(), 4, "run %d: more processes than workers", n)
	}
}

func TestScheduleExclusiveRunsAlone(t *testing.T) {
	for n := range repeat {
		rec := &recorder{}
		bs := []execution.Binding{
			shell("a", "a"), shell("b", "b"), shell("c", "c"),
			shell("x", "x", withExclusive),
			shell("d", "d"), shell("e", "e"), shell("f", "f"),
		}
		out := schedule(t.Context(), rec.process(), plan(t, bs...), 4)
		for i, o := range out {
			require.False(t, o.Skipped, "run %d: job %d never started", n, i)
		}

		events := rec.Events()
		replay(events, func(name string, running []string) {
			if name == "x" {
				assert.Empty(t, running, "run %d: the exclusive job started while others ran", n)
			}
			assert.NotContains(t, running, "x", "run %d: %s started while the exclusive job ran", n, name)
		})
		// Jobs planned after the exclusive one wait for it: it is not
		// starved by later work.
		order := startOrder(events)
		xAt := slices.Index(order, "x")
		for _, later := range []string{"d", "e", "f"} {
			assert.Greater(t, slices.Index(order, later), xAt, "run %d: %s started before the exclusive job", n, later)
		}
	}
}

func TestScheduleRunsEveryJobOnce(t *testing.T) {
	for _, workers := range []int{1, 2, 4, 16} {
		t.Run(fmt.Sprintf("workers=%d", workers), func(t *testing.T) {
			rec := &recorder{}
			jobs := mixedJobs(t)
			p := rec.process()
			out := schedule(t.Context(), p, jobs, workers)

			var want, got []string
			for _, j := range jobs {
				want = append(want, nameOf(j))
			}
			for _, argv := range p.Argvs() {
				got = append(got, argv[2])
			}
			assert.ElementsMatch(t, want, got, "every job runs exactly once")
			for i, o := range out {
				assert.False(t, o.Skipped, "job %d", i)
			}
			for _, c := range p.Calls() {
				assert.Equal(t, "/repo", c.Dir, "every job runs in the repository root")
				assert.Equal(t, time.Minute, c.Timeout)
			}
		})
	}
}

func TestScheduleUsesEveryWorker(t *testing.T) {
	// Four independent jobs on four workers must all run at once: each
	// waits until all four have started. A scheduler that serialises them
	// would leave the barrier short, which the fallback reports.
	var mu sync.Mutex
	started := 0
	all := make(chan struct{})
	rec := &recorder{During: func(ctx context.Context, name string) (ports.Result, error) {
		mu.Lock()
		started++
		if started == 4 {
			close(all)
		}
		mu.Unlock()
		select {
		case <-all:
			return ports.Result{}, nil
		case <-time.After(time.Minute): // a safety net, not a timing assertion
			return ports.Result{ExitCode: 1}, nil
		}
	}}
	jobs := plan(t, shell("a", "a"), shell("b", "b"), shell("c", "c"), shell("d", "d"))
	out := schedule(t.Context(), rec.process(), jobs, 4)
	for i, o := range out {
		assert.Equal(t, 0, o.Result.ExitCode, "job %d did not run alongside the others", i)
	}
	assert.Equal(t, 4, rec.MaxRunning())
}

func TestScheduleOneWorkerRunsInPlanOrder(t *testing.T) {
	rec := &recorder{}
	jobs := mixedJobs(t)
	jobs = append(jobs, plan(t, shell("x", "exclusive", withExclusive), shell("z", "last"))...)
	p := rec.process()
	schedule(t.Context(), p, jobs, 1)

	var want []string
	for _, j := range jobs {
		want = append(want, nameOf(j))
	}
	assert.Equal(t, want, startOrder(rec.Events()))
	assert.Equal(t, 1, rec.MaxRunning())
}

func TestScheduleWorkersBelowOneMeansOne(t *testing.T) {
	rec := &recorder{}
	out := schedule(t.Context(), rec.process(), plan(t, shell("a", "a"), shell("b", "b")), 0)
	assert.Len(t, out, 2)
	assert.Equal(t, []string{"a", "b"}, startOrder(rec.Events()))
}

func TestScheduleOutcomesByJobIndex(t *testing.T) {
	// Jobs 0 and 1 finish only after job 2: outcomes must still be indexed
	// by job, not by completion order.
	lastDone := make(chan struct{})
	rec := &recorder{During: func(ctx context.Context, name string) (ports.Result, error) {
		switch name {
		case "first":
			<-lastDone
			return ports.Result{ExitCode: 10, Stdout: []byte("first")}, nil
		case "second":
			<-lastDone
			return ports.Result{ExitCode: 11, Stdout: []byte("second")}, nil
		case "third":
			defer close(lastDone)
			return ports.Result{ExitCode: 12, Stdout: []byte("third")}, nil
		}
		return ports.Result{}, errors.New("unexpected job " + name)
	}}
	jobs := plan(t, shell("a", "first"), shell("b", "second"), shell("c", "third"))
	out := schedule(t.Context(), rec.process(), jobs, 3)

	require.Len(t, out, 3)
	for i, want := range []string{"first", "second", "third"} {
		assert.Equal(t, 10+i, out[i].Result.ExitCode, "job %d", i)
		assert.Equal(t, want, string(out[i].Result.Stdout), "job %d", i)
	}
	var stops []string
	for _, e := range rec.Events() {
		if !e.Start {
			stops = append(stops, e.Name)
		}
	}
	assert.Equal(t, "third", stops[0], "the last job finished first")
}

func TestScheduleStartError(t *testing.T) {
	rec := &recorder{During: func(ctx context.Context, name string) (ports.Result, error) {
		if name == "missing" {
			return ports.Result{ExitCode: -1}, errors.New(`start "missing": executable file not found in $PATH`)
		}
		return ports.Result{}, nil
	}}
	out := schedule(t.Context(), rec.process(), plan(t, shell("a", "ok"), shell("b", "missing")), 2)
	assert.NoError(t, out[0].StartErr)
	assert.ErrorContains(t, out[1].StartErr, "executable file not found")
	assert.False(t, out[1].Skipped)
}

func TestScheduleCancelled(t *testing.T) {
	t.Run("before anything starts", func(t *testing.T) {
		ctx, cancel := context.WithCancel(t.Context())
		cancel()
		rec := &recorder{}
		p := rec.process()
		out := schedule(ctx, p, plan(t, shell("a", "a"), shell("b", "b")), 2)
		assert.Empty(t, p.Calls(), "nothing starts")
		for i, o := range out {
			assert.True(t, o.Skipped, "job %d", i)
		}
	})

	t.Run("while the first job runs", func(t *testing.T) {
		ctx, cancel := context.WithCancel(t.Context())
		defer cancel()
		rec := &recorder{During: func(ctx context.Context, name string) (ports.Result, error) {
			cancel() // Ctrl-C arrives while this job runs
			<-ctx.Done()
			return ports.Result{ExitCode: -1, Canceled: true}, nil
		}}
		p := rec.process()
		out := schedule(ctx, p, plan(t, shell("a", "a"), shell("b", "b"), shell("c", "c")), 1)
		assert.Len(t, p.Calls(), 1, "no job starts after the cancellation")
		assert.False(t, out[0].Skipped, "the running job started")
		assert.True(t, out[0].Result.Canceled)
		assert.True(t, out[1].Skipped)
		assert.True(t, out[2].Skipped)
	})

	t.Run("with several jobs running and others waiting", func(t *testing.T) {
		ctx, cancel := context.WithCancel(t.Context())
		defer cancel()
		var mu sync.Mutex
		running := 0
		rec := &recorder{During: func(ctx context.Context, name string) (ports.Result, error) {
			mu.Lock()
			running++
			if running == 2 {
				cancel()
			}
			mu.Unlock()
			<-ctx.Done()
			return ports.Result{ExitCode: -1, Canceled: true}, nil
		}}
		jobs := plan(t, shell("a", "a"), shell("b", "b"), shell("c", "c"), shell("d", "d"), shell("e", "e", withResources("db")))
		out := schedule(ctx, rec.process(), jobs, 2)
		assert.Equal(t, []bool{false, false, true, true, true}, skipped(out))
	})
}

func skipped(out []execution.Outcome) []bool {
	s := make([]bool, len(out))
	for i, o := range out {
		s[i] = o.Skipped
	}
	return s
}
