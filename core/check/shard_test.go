package check

import (
	"fmt"
	"slices"
	"testing"

	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/report"
)

func TestParseShard(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Shard
		ok   bool
	}{
		{"1/1", Shard{Index: 1, Total: 1}, true},
		{"2/4", Shard{Index: 2, Total: 4}, true},
		{"4/4", Shard{Index: 4, Total: 4}, true},
		{"0/4", Shard{}, false},
		{"5/4", Shard{}, false},
		{"1/0", Shard{}, false},
		{"-1/2", Shard{}, false},
		{"x/y", Shard{}, false},
		{"2", Shard{}, false},
		{"", Shard{}, false},
	} {
		got, err := ParseShard(tc.in)
		if (err == nil) != tc.ok || got.Index != tc.want.Index || got.Total != tc.want.Total {
			t.Errorf("ParseShard(%q) = %+v, %v; want %+v, ok=%v", tc.in, got, err, tc.want, tc.ok)
		}
	}
}

func jobsOf(ids ...string) []execution.Job {
	out := make([]execution.Job, len(ids))
	for i, id := range ids {
		b := execution.Binding{Capability: "c", Scenario: finding.Scenario{ID: id}, Entry: contract.Entry{Type: "shell"}}
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

func shardRep(k, n int, order []int, execs []string, fs ...finding.Finding) Report {
	ex := make([]report.Execution, len(execs))
	for i, c := range execs {
		ex[i] = report.Execution{Command: c, Verdict: execution.Passed}
	}
	return Report{
		Summary: finding.Summary{Scenarios: 3, Passed: len(execs)}, Findings: fs,
		Executions: &ex, Shard: &report.Shard{Index: k, Total: n, Order: order},
	}
}

func TestMerge(t *testing.T) {
	structural := finding.New(finding.NoTOML, "no contract")
	a := shardRep(1, 2, []int{0, 2}, []string{"a", "c"}, structural)
	b := shardRep(2, 2, []int{1}, []string{"b"})
	got, err := Merge([]Report{b, a}, []bool{false, true})
	if err != nil {
		t.Fatal(err)
	}
	var cmds []string
	for _, e := range *got.Executions {
		cmds = append(cmds, e.Command)
	}
	if !slices.Equal(cmds, []string{"a", "b", "c"}) {
		t.Errorf("executions %v, want plan order a b c", cmds)
	}
	if got.Summary.Passed != 3 || got.Summary.Structural != 1 || got.Summary.Scenarios != 3 || len(got.Findings) != 1 {
		t.Errorf("summary %+v findings %d", got.Summary, len(got.Findings))
	}
	if got.Shard != nil {
		t.Errorf("merged report keeps a shard: %+v", got.Shard)
	}
	if !got.Failed() {
		t.Error("merge of a failed shard passes")
	}

	for _, tc := range []struct {
		name  string
		parts []Report
		part  int
	}{
		{"missing shard", []Report{a}, 0},
		{"repeated shard", []Report{a, a}, 1},
		{"other total", []Report{a, shardRep(2, 3, []int{1}, []string{"b"})}, 1},
		{"not a shard", []Report{a, {Summary: finding.Summary{Scenarios: 3}}}, 1},
		{"other scope", []Report{a, func() Report { r := b; r.Scope.Changes = []string{"x"}; return r }()}, 1},
		{"other corpus", []Report{a, func() Report { r := b; r.Summary.Scenarios = 9; return r }()}, 1},
		{"no reports", nil, 0},
	} {
		_, err := Merge(tc.parts, make([]bool, len(tc.parts)))
		me, ok := err.(*MergeError)
		if !ok || me.Part != tc.part {
			t.Errorf("%s: err %v, want a MergeError on part %d", tc.name, err, tc.part)
		}
	}
}

func TestAssign(t *testing.T) {
	for _, tc := range []struct {
		name    string
		ids     []string
		weights []int64
		n       int
		want    []int
	}{
		{"equal weights deal in turn by identity", []string{"c", "a", "d", "b"}, []int64{1, 1, 1, 1}, 2, []int{1, 1, 2, 2}},
		{"heavy item alone", []string{"a", "b", "c", "d"}, []int64{10, 3, 3, 4}, 2, []int{1, 2, 2, 2}},
		{"more shards than items", []string{"a", "b"}, []int64{5, 5}, 3, []int{1, 2}},
	} {
		if got := Assign(tc.ids, tc.weights, tc.n); !slices.Equal(got, tc.want) {
			t.Errorf("%s: Assign = %v, want %v", tc.name, got, tc.want)
		}
	}
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
