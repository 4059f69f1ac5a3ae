package execution

import (
	"context"
	"sync"
)

// Schedule calls run for every job on at most workers goroutines. Jobs
// sharing a resource key never overlap; an exclusive job runs alone. Jobs
// start in plan order whenever their constraints allow. When ctx is done,
// or once a run returns stop (--fail-fast), no further job starts: started
// says which did.
func Schedule(ctx context.Context, jobs []Job, workers int, run func(i int) (stop bool)) (started []bool) {
	// More workers than jobs would only idle (and a huge --jobs would
	// allocate goroutines for nothing).
	workers = max(1, min(workers, len(jobs)))
	s := &scheduler{jobs: jobs, held: map[string]bool{}, started: make([]bool, len(jobs))}
	s.cond = sync.NewCond(&s.mu)
	stop := context.AfterFunc(ctx, func() {
		s.mu.Lock()
		s.cond.Broadcast()
		s.mu.Unlock()
	})
	defer stop()
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for {
				i, ok := s.next(ctx)
				if !ok {
					return
				}
				s.finish(i, run(i))
			}
		})
	}
	wg.Wait()
	return s.started
}

type scheduler struct {
	mu        sync.Mutex
	cond      *sync.Cond
	jobs      []Job
	started   []bool
	held      map[string]bool
	running   int
	exclusive bool
	stopped   bool
}

// next blocks until a job may start and claims it; ok is false when no job
// is left or ctx is done.
func (s *scheduler) next(ctx context.Context) (int, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for {
		if ctx.Err() != nil || s.stopped {
			return 0, false
		}
		pending := false
		for i, j := range s.jobs {
			if s.started[i] {
				continue
			}
			pending = true
			if s.canStart(j) {
				s.claim(i)
				return i, true
			}
			if j.Exclusive {
				// Keep plan order for an exclusive job: nothing behind it
				// may start while it waits for the pool to drain.
				break
			}
		}
		if !pending {
			return 0, false
		}
		s.cond.Wait()
	}
}

func (s *scheduler) canStart(j Job) bool {
	if s.exclusive || (j.Exclusive && s.running > 0) {
		return false
	}
	for _, r := range j.Resources {
		if s.held[r] {
			return false
		}
	}
	return true
}

func (s *scheduler) claim(i int) {
	j := s.jobs[i]
	s.started[i] = true
	s.running++
	s.exclusive = j.Exclusive
	for _, r := range j.Resources {
		s.held[r] = true
	}
}

func (s *scheduler) finish(i int, stop bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	j := s.jobs[i]
	s.running--
	s.stopped = s.stopped || stop
	if j.Exclusive {
		s.exclusive = false
	}
	for _, r := range j.Resources {
		delete(s.held, r)
	}
	s.cond.Broadcast()
}
