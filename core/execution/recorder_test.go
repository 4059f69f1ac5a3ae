package execution_test

import (
	"context"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

// event is a start or stop of one job, stamped with a logical clock: the
// position of the event in the total order the recorder saw. Assertions
// use only this order, never wall-clock time.
type event struct {
	At    int
	Start bool
	Name  string
}

// recorder is the body of a portstest.Process: it records when each
// command starts and stops and tracks how many run at once. A job's name is
// its shell command (argv[2]).
type recorder struct {
	// During, when set, runs between the start and the stop of a command
	// and decides its result; by default the command yields for a moment
	// (so that overlapping is possible) and exits 0.
	During func(ctx context.Context, name string) (ports.Result, error)

	mu         sync.Mutex
	clock      int
	events     []event
	running    int
	maxRunning int
}

// process wraps the recorder in the shared fake, which also records calls.
func (r *recorder) process() *portstest.Process {
	return &portstest.Process{Func: r.run}
}

func (r *recorder) run(ctx context.Context, cmd ports.Command) (ports.Result, error) {
	name := cmd.Argv[len(cmd.Argv)-1]
	r.mark(name, true)
	defer r.mark(name, false)
	if r.During != nil {
		return r.During(ctx, name)
	}
	// Give other workers a chance to start while this one "runs"; the
	// assertions never depend on how long this takes.
	for range 20 {
		runtime.Gosched()
	}
	time.Sleep(200 * time.Microsecond)
	return ports.Result{}, nil
}

func (r *recorder) mark(name string, start bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.clock++
	r.events = append(r.events, event{At: r.clock, Start: start, Name: name})
	if start {
		r.running++
		r.maxRunning = max(r.maxRunning, r.running)
	} else {
		r.running--
	}
}

func (r *recorder) Events() []event {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.events)
}

func (r *recorder) MaxRunning() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.maxRunning
}

// replay walks the events in order and calls check at each start with the
// names of the jobs running at that moment (not including the starting one).
func replay(events []event, check func(name string, running []string)) {
	running := map[string]bool{}
	for _, e := range events {
		if !e.Start {
			delete(running, e.Name)
			continue
		}
		names := make([]string, 0, len(running))
		for n := range running {
			names = append(names, n)
		}
		slices.Sort(names)
		check(e.Name, names)
		running[e.Name] = true
	}
}

// startOrder lists job names in the order they started.
func startOrder(events []event) []string {
	var out []string
	for _, e := range events {
		if e.Start {
			out = append(out, e.Name)
		}
	}
	return out
}

// progressLog records every progress update and finished job.
type progressLog struct {
	mu       sync.Mutex
	updates  []execution.Counts
	finished []execution.JobResult
}

func (p *progressLog) Update(c execution.Counts) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.updates = append(p.updates, c)
}

func (p *progressLog) Finished(r execution.JobResult) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.finished = append(p.finished, r)
}

var _ execution.Progress = (*progressLog)(nil)
