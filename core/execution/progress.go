package execution

import (
	"sync"
	"time"
)

// Progress receives a run as it happens: the counts whenever a job starts
// or ends, then each judged job as it ends. Implementations must be safe
// for concurrent use; nil means no progress display.
type Progress interface {
	Update(c Counts)
	Finished(r JobResult)
}

// ReportedProgress is an optional capability of a Progress: it also
// receives each batched binding whose tests the framework has all
// reported while the batch still runs (batch_progress.go). Finished comes
// later for the same binding, with its verdict.
type ReportedProgress interface {
	Reported(r Reported)
}

// Reported is a batched binding whose selected tests have all reported
// before its batch ended: progress only, never a verdict. Verdict is what
// these tests alone would give; the binding's verdict (Finished) waits
// for the batch's consistency check, and a batch that turns out
// inconsistent re-runs the binding on its own.
type Reported struct {
	// Bindings are the binding references of the member job.
	Bindings []string
	// Batch is the batch's id ("batch-1").
	Batch   string
	Verdict string
	// Duration is the binding's own time from the framework's report:
	// the sum of its matched tests' durations (ownTime).
	Duration time.Duration
	// Tests counts its matched tests.
	Tests int
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

// reports says whether the display takes Reported lines.
func (t *tracker) reports() bool {
	if t == nil {
		return false
	}
	_, ok := t.p.(ReportedProgress)
	return ok
}

// reported passes a reported binding to the display, under the lock that
// orders every update.
func (t *tracker) reported(r Reported) {
	rp, ok := t.p.(ReportedProgress)
	if !ok {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	rp.Reported(r)
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
