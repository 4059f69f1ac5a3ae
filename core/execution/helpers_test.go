package execution_test

import (
	"context"
	"errors"
	"time"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/ports"
)

// resolve invokes b with the runner core/runner resolves from cfg alone
// (no adapters).
func resolve(cfg config.Config, b execution.Binding) (execution.Invocation, error) {
	p, problem := adapter.RouteEntry(cfg, nil, nil, b.Entry)
	if problem != nil {
		return execution.Invocation{}, errors.New(problem.Message)
	}
	return execution.Invoke(cfg.DefaultTimeoutSeconds, b, p)
}

// resolveAdapter invokes b through driver d with command as its argv prefix.
func resolveAdapter(cfg config.Config, b execution.Binding, command []string, d ports.Driver, source, version string) (execution.Invocation, error) {
	return execution.Invoke(cfg.DefaultTimeoutSeconds, b, adapter.Route{Kind: adapter.Framework, Command: command, Driver: d, Source: source, Version: version})
}

// schedule runs jobs' declared argv through proc on the scheduler alone and
// returns the outcomes by job index.
func schedule(ctx context.Context, proc ports.Process, jobs []execution.Job, workers int) []execution.Outcome {
	// A safety net, not a timing assertion: a scheduler that never starts
	// a job would hang the test; this ends it with that job not started,
	// which the test then reports.
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	out := make([]execution.Outcome, len(jobs))
	started := execution.Schedule(ctx, jobs, workers, func(i int) bool {
		inv := jobs[i].Invocation
		res, err := proc.Run(ctx, ports.Command{Argv: inv.Argv, Dir: "/repo", Timeout: inv.Timeout})
		out[i] = execution.Outcome{Result: res, StartErr: err}
		return false
	})
	for i := range out {
		out[i].Skipped = !started[i]
	}
	return out
}

// judge runs jobs whose processes end as outcomes say, through
// execution.Run; a skipped outcome cancels the run before its job.
func judge(ctx context.Context, jobs []execution.Job, outcomes []execution.Outcome, timings bool) execution.Results {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	byArgv := map[string]int{}
	for i, j := range jobs {
		byArgv[key(j.Invocation.Argv)] = i
	}
	proc := processFunc(func(_ context.Context, cmd ports.Command) (ports.Result, error) {
		o := outcomes[byArgv[key(cmd.Argv)]]
		return o.Result, o.StartErr
	})
	results := make([]execution.JobResult, len(jobs))
	for i, j := range jobs {
		if outcomes[i].Skipped {
			cancel()
		}
		execution.Stream(ctx, execution.Env{Process: proc, Dir: "/repo", Timings: timings}, []execution.Job{j}, execution.Options{Workers: 1},
			func(_ int, r execution.JobResult) { results[i] = r })
	}
	return execution.Assemble(results)
}

type processFunc func(context.Context, ports.Command) (ports.Result, error)

func (f processFunc) Run(ctx context.Context, cmd ports.Command) (ports.Result, error) {
	return f(ctx, cmd)
}

func key(argv []string) string {
	s := ""
	for _, a := range argv {
		s += a + "\x00"
	}
	return s
}
