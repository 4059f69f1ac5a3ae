package shard

import (
	"github.com/espectacular/ah/core/report"
)

// Pick keeps the jobs of shard s, each job given as the refs of the
// bindings that own it (its first owner's ref is its identity). Jobs, not
// units, are the slice's grain: a job shared by several contracts runs
// once in one shard, exactly as in an unsharded run, so the merged
// executions are the unsharded ones. Jobs are ordered by their identity,
// so the split does not depend on plan order. Without recorded durations
// they are dealt out in turn (counts within one); with them (ah check
// --durations), heaviest first to the least loaded shard. It returns the
// kept jobs' positions in the whole plan (so a merge restores plan order)
// and the refs of the jobs other shards run.
func Pick(owners [][]string, s report.Shard, durations map[string]int64) (order []int, elsewhere map[string]bool) {
	mine := map[int]bool{}
	for i, p := range Plan(owners, s.Total, durations) {
		if p.Shard == s.Index {
			mine[i] = true
		}
	}
	elsewhere = map[string]bool{}
	order = []int{}
	for i, refs := range owners {
		if mine[i] {
			order = append(order, i)
			continue
		}
		for _, ref := range refs {
			elsewhere[ref] = true
		}
	}
	return order, elsewhere
}

// Plan is the whole run's plan as every shard records it: each job's
// identity and the shard Assign gives it.
func Plan(owners [][]string, total int, durations map[string]int64) []report.PlannedJob {
	ids := identities(owners)
	out := make([]report.PlannedJob, len(owners))
	for i, k := range Assign(ids, weights(owners, durations), total) {
		out[i] = report.PlannedJob{Job: ids[i], Shard: k}
	}
	return out
}

func identities(owners [][]string) []string {
	out := make([]string, len(owners))
	for i, refs := range owners {
		out[i] = refs[0]
	}
	return out
}

// weights are the jobs' recorded durations in milliseconds; a job without
// one (a new contract) weighs the mean of the recorded ones, and without
// any every job weighs 1.
func weights(owners [][]string, durations map[string]int64) []int64 {
	out := make([]int64, len(owners)) // 0 until a recorded duration (>= 1)
	var sum, known int64
	for i, refs := range owners {
		for _, ref := range refs {
			if d, ok := durations[ref]; ok {
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
func DurationsOf(r report.Report) map[string]int64 {
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
