package check

import (
	"fmt"
	"slices"
	"testing"

	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/core/finding"
)

func jobsOf(ids ...string) []execution.Job {
	out := make([]execution.Job, len(ids))
	for i, id := range ids {
		b := execution.Binding{Capability: "c", Scenario: finding.ScenarioRef{ID: id}, Entry: contract.Entry{Type: "shell"}}
		out[i] = execution.Job{Owners: []execution.Binding{b}}
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
	for _, n := range []int{1, 2, 3, 4, 10, 12} {
		seen := map[string]int{}
		sizes := []int{}
		for k := 1; k <= n; k++ {
			kept, order, elsewhere := pick(jobsOf(ids...), Shard{Index: k, Total: n}, nil)
			if len(order) != len(kept) {
				t.Fatalf("%d/%d: %d orders for %d jobs", k, n, len(order), len(kept))
			}
			if !slices.IsSorted(order) {
				t.Errorf("%d/%d: order %v is not plan order", k, n, order)
			}
			for i, j := range kept {
				seen[j.Owners[0].Scenario.ID]++
				if ids[order[i]] != j.Owners[0].Scenario.ID {
					t.Errorf("%d/%d: order %d does not point at %s", k, n, order[i], j.Owners[0].Scenario.ID)
				}
				if elsewhere[j.Owners[0].Ref()] {
					t.Errorf("%d/%d: kept job %s also marked elsewhere", k, n, j.Owners[0].Ref())
				}
			}
			if len(elsewhere)+len(kept) != len(ids) {
				t.Errorf("%d/%d: %d elsewhere + %d kept != %d", k, n, len(elsewhere), len(kept), len(ids))
			}
			sizes = append(sizes, len(kept))
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
		a, _, _ := pick(jobsOf(ids...), Shard{Index: 1, Total: n}, nil)
		b, _, _ := pick(jobsOf(reversed...), Shard{Index: 1, Total: n}, nil)
		if !slices.Equal(sortedRefs(a), sortedRefs(b)) {
			t.Errorf("N=%d: shard 1 depends on plan order: %v vs %v", n, refsOf(a), refsOf(b))
		}
	}
}

func refsOf(js []execution.Job) []string {
	var out []string
	for _, j := range js {
		out = append(out, j.Owners[0].Ref())
	}
	return out
}

func sortedRefs(js []execution.Job) []string {
	out := refsOf(js)
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
