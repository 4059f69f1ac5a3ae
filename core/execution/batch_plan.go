package execution

import (
	"fmt"
	"slices"
	"time"

	"github.com/espectacular/ah/core/shellword"
	"github.com/espectacular/ah/ports"
)

// BatchThreshold is the fixed batching threshold (seed 004,
// C-batch-threshold): more than this many eligible jobs of one group run as
// one invocation; this many or fewer keep one process each, exactly as
// without batching. It is deliberately not configurable.
const BatchThreshold = 8

// work is one unit the scheduler runs: a plain job, or a batch of jobs
// sharing one invocation. job is what the scheduler and the progress see:
// for a batch, the batched invocation with every member's owners,
// resources and exclusivity.
type work struct {
	job     Job
	members []int // indexes into the planned jobs, in plan order
	batch   *batch
}

// batch is the plan of one batched invocation.
type batch struct {
	id      string
	batcher ports.Batcher
	// sels are the members' selections, one per member; prefix is the
	// runner's command the batch argv starts with.
	sels   []ports.Selector
	prefix []string
}

// planWork groups the jobs into units of work. With batching on, the
// eligible jobs of each group (same test type, runner, command, environment
// and driver group) form one batch when there are more than BatchThreshold
// of them; every other job is its own unit. Units are ordered by their
// first job, so the plan is a pure function of the jobs.
func planWork(jobs []Job, batching bool) []work {
	type group struct {
		members []int
		sels    []ports.Selector
		b       ports.Batcher
		prefix  []string
	}
	groups := map[string]*group{}
	var keys []string
	if batching {
		for i, j := range jobs {
			b, prefix, sel, ok := eligible(j)
			if !ok {
				continue
			}
			inv := j.Invocation
			k := fmt.Sprintf("%s\x00%s\x00%q\x00%q\x00%s", inv.Type, inv.runner.key(), prefix, inv.Env, sel.Group)
			g, seen := groups[k]
			if !seen {
				g = &group{b: b, prefix: prefix}
				groups[k] = g
				keys = append(keys, k)
			}
			g.members = append(g.members, i)
			g.sels = append(g.sels, sel)
		}
	}
	inBatch := map[int]*work{}
	n := 0
	for _, k := range keys {
		g := groups[k]
		if len(g.members) <= BatchThreshold {
			continue
		}
		for _, c := range chunks(g.b, g.prefix, g.sels) {
			n++
			members := g.members[c.from:c.to]
			sels := g.sels[c.from:c.to]
			w := &work{members: members, batch: &batch{id: fmt.Sprintf("batch-%d", n), batcher: g.b, sels: sels, prefix: g.prefix}}
			w.job = batchJob(jobs, members, c.argv)
			for _, m := range members {
				inBatch[m] = w
			}
		}
	}
	var out []work
	for i, j := range jobs {
		w, ok := inBatch[i]
		switch {
		case !ok:
			out = append(out, work{job: j, members: []int{i}})
		case w.members[0] == i:
			out = append(out, *w)
		}
	}
	return out
}

// eligible reports whether a job can join a batch: a framework adapter
// whose driver batches, and flags that only select tests.
func eligible(j Job) (ports.Batcher, []string, ports.Selector, bool) {
	inv := j.Invocation
	a, ok := inv.runner.(frameworkRunner)
	if !ok || inv.Flags == nil {
		return nil, nil, ports.Selector{}, false
	}
	b, ok := a.driver.(ports.Batcher)
	if !ok {
		return nil, nil, ports.Selector{}, false
	}
	sel, ok := b.Select(slices.Clone(inv.Flags))
	if !ok {
		return nil, nil, ports.Selector{}, false
	}
	prefix := inv.Argv[:len(inv.Argv)-len(inv.Flags)]
	return b, prefix, sel, true
}

// batchJob is the job of a batched invocation: the members' owners,
// the union of their resources, exclusive when any member is, and the
// largest timeout of its entries (C-batch-timeout; none bounds nothing).
func batchJob(jobs []Job, members []int, argv []string) Job {
	first := jobs[members[0]].Invocation
	inv := Invocation{
		Type: first.Type, Argv: argv, Env: first.Env, runner: first.runner,
		Command: shellword.Quote(argv), Timeout: first.Timeout,
	}
	j := Job{Invocation: inv}
	for _, m := range members {
		mj := jobs[m]
		j.Invocation.Timeout = longer(j.Invocation.Timeout, mj.Invocation.Timeout)
		j.Owners = append(j.Owners, mj.Owners...)
		j.Exclusive = j.Exclusive || mj.Exclusive
		for _, r := range mj.Resources {
			if !slices.Contains(j.Resources, r) {
				j.Resources = append(j.Resources, r)
			}
		}
	}
	slices.Sort(j.Resources)
	return j
}

// longer is the longer of two timeouts, where 0, no bound, is the longest.
func longer(a, b time.Duration) time.Duration {
	if a == 0 || b == 0 {
		return 0
	}
	return max(a, b)
}
