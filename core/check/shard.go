package check

import (
	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/core/report"
	"github.com/espectacular/ah/core/shard"
)

// Shard is one slice K of N of a check's test executions (ah check
// --shard K/N): CI machines each run one shard and `ah merge` joins the
// reports.
type Shard = report.Shard

// pick keeps the jobs of shard s. Jobs, not units, are the slice's grain:
// a job shared by several contracts runs once in one shard, exactly as in
// an unsharded run, so the merged executions are the unsharded ones. Jobs
// are ordered by their identity (the first owner's ref), so the split does
// not depend on plan order. Without recorded durations they are dealt out
// in turn (counts within one); with them (ah check --durations), heaviest
// first to the least loaded shard. It returns the kept jobs, their
// positions in the whole plan (so a merge restores plan order), and the
// refs of the jobs other shards run.
func pick(jobs []execution.Job, s Shard, durations map[string]int64) (kept []execution.Job, order []int, elsewhere map[string]bool) {
	mine := map[int]bool{}
	for i, p := range planned(jobs, s.Total, durations) {
		if p.Shard == s.Index {
			mine[i] = true
		}
	}
	elsewhere = map[string]bool{}
	order = []int{}
	for i, j := range jobs {
		if mine[i] {
			kept, order = append(kept, j), append(order, i)
			continue
		}
		for _, o := range j.Owners {
			elsewhere[o.Ref()] = true
		}
	}
	return kept, order, elsewhere
}

// planned is the whole run's plan as every shard records it: each job's
// identity and the shard Assign gives it.
func planned(jobs []execution.Job, total int, durations map[string]int64) []report.PlannedJob {
	ids := identities(jobs)
	out := make([]report.PlannedJob, len(jobs))
	for i, k := range shard.Assign(ids, weights(jobs, durations), total) {
		out[i] = report.PlannedJob{Job: ids[i], Shard: k}
	}
	return out
}

func identities(jobs []execution.Job) []string {
	out := make([]string, len(jobs))
	for i, j := range jobs {
		out[i] = j.Owners[0].Ref()
	}
	return out
}

// weights are the jobs' recorded durations in milliseconds; a job without
// one (a new contract) weighs the mean of the recorded ones, and without
// any every job weighs 1.
func weights(jobs []execution.Job, durations map[string]int64) []int64 {
	out := make([]int64, len(jobs)) // 0 until a recorded duration (>= 1)
	var sum, known int64
	for i, j := range jobs {
		for _, o := range j.Owners {
			if d, ok := durations[o.Ref()]; ok {
				out[i] = max(out[i], d, 1)
			}
		}
		if out[i] > 0 {
			sum, known = sum+out[i], known+1
		}
	}
	fill := int64(1)
	if known > 0 {
		fill = max(sum/known, 1)
	}
	for i := range out {
		if out[i] == 0 {
			out[i] = fill
		}
	}
	return out
}

// DurationsOf reads the recorded durations of a previous report (run with
// --timings) by binding ref: every binding of a shared job gets the job's.
func DurationsOf(r Report) map[string]int64 {
	out := map[string]int64{}
	if r.Executions == nil {
		return out
	}
	for _, ex := range *r.Executions {
		if ex.DurationMS == nil {
			continue
		}
		for _, ref := range ex.Bindings {
			out[ref] = *ex.DurationMS
		}
	}
	return out
}
