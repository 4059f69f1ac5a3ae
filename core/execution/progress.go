package execution

import "sync"

// Progress receives a run as it happens: the counts whenever a job starts
// or ends, then each judged job as it ends. Implementations must be safe
// for concurrent use; nil means no progress display.
type Progress interface {
	Update(c Counts)
	Finished(r JobResult)
}

// Counts are a run's live counts in test bindings, the unit of the
// report's summary, so the last update matches the report: Passed is the
// summary's passed, Failed the bindings that ended without passing.
type Counts struct {
	Done, Running, Passed, Failed, Total int
}

// Options say how a run is scheduled and shown.
type Options struct {
	// Workers bounds the jobs running at once.
	Workers  int
	Progress Progress
	// FailFast stops starting jobs after the first one that does not pass;
	// the jobs never started are not_run, never passed.
	FailFast bool
	// Batch runs eligible jobs in batches (ah check without --no-batch).
	Batch bool
}

// tracker turns job starts and results into Counts for a Progress.
type tracker struct {
	mu sync.Mutex
	p  Progress
	c  Counts
}

func newTracker(p Progress, jobs []Job) *tracker {
	t := &tracker{p: p}
	for _, j := range jobs {
		t.c.Total += len(j.Owners)
	}
	return t
}

func (t *tracker) start(j Job) {
	if t.p == nil {
		return
	}
	// Updates are sent under the lock so they arrive in order: the last
	// one seen is the final count.
	t.mu.Lock()
	defer t.mu.Unlock()
	t.c.Running += len(j.Owners)
	t.p.Update(t.c)
}

func (t *tracker) end(j Job, r JobResult) {
	if t.p == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	n := len(j.Owners)
	t.c.Running -= n
	t.c.Done += n
	t.c.Passed += r.Passed
	t.c.Failed += n - r.Passed - r.NotRun
	t.p.Update(t.c)
	t.p.Finished(r)
}
