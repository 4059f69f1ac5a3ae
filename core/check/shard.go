package check

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/core/report"
)

// Shard is one slice K of N of a check's test executions (ah check
// --shard K/N): CI machines each run one shard and `ah merge` joins the
// reports.
type Shard = report.Shard

// ParseShard reads "K/N" with 1 <= K <= N.
func ParseShard(s string) (Shard, error) {
	k, n, ok := strings.Cut(s, "/")
	ki, err1 := strconv.Atoi(k)
	ni, err2 := strconv.Atoi(n)
	if !ok || err1 != nil || err2 != nil || ni < 1 || ki < 1 || ki > ni {
		return Shard{}, fmt.Errorf("--shard %q must be K/N with whole numbers 1 <= K <= N, like 1/4", s)
	}
	return Shard{Index: ki, Total: ni}, nil
}

// pick keeps the jobs of shard s. Jobs, not units, are the slice's grain:
// a job shared by several contracts runs once in one shard, exactly as in
// an unsharded run, so the merged executions are the unsharded ones. Jobs
// are ordered by their identity (the first owner's ref) and dealt out in
// turn, which balances counts to within one and does not depend on plan
// order. It returns the kept jobs, their positions in the whole plan (so
// a merge restores plan order), and the refs of the jobs other shards run.
func pick(jobs []execution.Job, s Shard) (kept []execution.Job, order []int, elsewhere map[string]bool) {
	idx := make([]int, len(jobs))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return strings.Compare(jobs[a].Owners[0].Ref(), jobs[b].Owners[0].Ref()) })
	mine := map[int]bool{}
	for turn, i := range idx {
		if turn%s.Total == s.Index-1 {
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

// trimUnits drops from each unit the bindings other shards run, so a shard
// neither fails nor passes them; a unit left without bindings is valid
// (its tests ran elsewhere).
func trimUnits(units []report.Unit, elsewhere map[string]bool) {
	for i, u := range units {
		if len(u.Bindings) == 0 {
			continue
		}
		kept := slices.DeleteFunc(u.Bindings, func(b report.Binding) bool { return elsewhere[b.Ref] })
		units[i].Bindings = kept
		if len(kept) == 0 {
			units[i].Status = report.UnitValid
			continue
		}
		units[i].Status = report.UnitPassed
		for _, b := range kept {
			switch {
			case b.Verdict == execution.NotRun:
				units[i].Status = report.UnitNotRun
			case b.Verdict != execution.Passed && units[i].Status != report.UnitNotRun:
				units[i].Status = report.UnitFailed
			}
		}
	}
}
