package shard

import (
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/espectacular/ah/core/report"
)

// jobsOf gives each id one job owned by one binding, as check plans it.
func jobsOf(ids ...string) [][]string {
	out := make([][]string, len(ids))
	for i, id := range ids {
		out[i] = []string{"c/" + id + " tests.shell[0]"}
	}
	return out
}

// Every job lands in exactly one shard, shard sizes differ by at most one,
// and the split does not depend on plan order.
func TestPickPartitionsAndBalances(t *testing.T) {
	ids := make([]string, 10)
	for i := range ids {
		ids[i] = fmt.Sprintf("s%02d", (i*7)%10)
	}
	jobs := jobsOf(ids...)
	for _, n := range []int{1, 2, 3, 4, 10, 12} {
		seen := map[string]int{}
		sizes := []int{}
		for k := 1; k <= n; k++ {
			order, elsewhere := Pick(jobs, report.Shard{Index: k, Total: n}, nil)
			if !slices.IsSorted(order) {
				t.Errorf("%d/%d: order %v is not plan order", k, n, order)
			}
			for _, i := range order {
				seen[ids[i]]++
				if elsewhere[jobs[i][0]] {
					t.Errorf("%d/%d: kept job %s also marked elsewhere", k, n, jobs[i][0])
				}
			}
			if len(elsewhere)+len(order) != len(ids) {
				t.Errorf("%d/%d: %d elsewhere + %d kept != %d", k, n, len(elsewhere), len(order), len(ids))
			}
			sizes = append(sizes, len(order))
		}
		for _, id := range ids {
			if seen[id] != 1 {
				t.Errorf("N=%d: %s ran in %d shards", n, id, seen[id])
			}
		}
		if slices.Max(sizes)-slices.Min(sizes) > 1 {
			t.Errorf("N=%d: unbalanced sizes %v", n, sizes)
		}
		reversed := slices.Clone(ids)
		slices.Reverse(reversed)
		a := kept(ids, report.Shard{Index: 1, Total: n})
		b := kept(reversed, report.Shard{Index: 1, Total: n})
		if !slices.Equal(a, b) {
			t.Errorf("N=%d: shard 1 depends on plan order: %v vs %v", n, a, b)
		}
	}
}

// kept are the sorted ids shard s keeps of jobs planned in this order.
func kept(ids []string, s report.Shard) []string {
	order, _ := Pick(jobsOf(ids...), s, nil)
	var out []string
	for _, i := range order {
		out = append(out, ids[i])
	}
	slices.Sort(out)
	return out
}

func TestWeightsFillUnknownWithMean(t *testing.T) {
	jobs := jobsOf("a", "b", "c")
	got := weights(jobs, map[string]int64{"c/a tests.shell[0]": 10, "c/b tests.shell[0]": 30})
	if !slices.Equal(got, []int64{10, 30, 20}) {
		t.Errorf("weights = %v, want [10 30 20]", got)
	}
	if got := weights(jobs, nil); !slices.Equal(got, []int64{1, 1, 1}) {
		t.Errorf("weights without durations = %v", got)
	}
}

// TestDurationsOf: every binding of a timed execution gets its duration;
// untimed executions and reports without executions give none.
func TestDurationsOf(t *testing.T) {
	ms := int64(42)
	execs := []report.Execution{
		{Bindings: []string{"a tests.shell[0]", "b tests.shell[0]"}, DurationMS: &ms},
		{Bindings: []string{"c tests.shell[0]"}},
	}
	if got := DurationsOf(report.Report{Executions: &execs}); !maps.Equal(got, map[string]int64{"a tests.shell[0]": 42, "b tests.shell[0]": 42}) {
		t.Errorf("DurationsOf = %v", got)
	}
	if got := DurationsOf(report.Report{}); got == nil || len(got) != 0 {
		t.Errorf("DurationsOf without executions = %#v, want an empty map", got)
	}
}
