package shard

import (
	"slices"
	"testing"

	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/report"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want report.Shard
		ok   bool
	}{
		{"1/1", report.Shard{Index: 1, Total: 1}, true},
		{"2/4", report.Shard{Index: 2, Total: 4}, true},
		{"4/4", report.Shard{Index: 4, Total: 4}, true},
		{"0/4", report.Shard{}, false},
		{"5/4", report.Shard{}, false},
		{"1/0", report.Shard{}, false},
		{"-1/2", report.Shard{}, false},
		{"x/y", report.Shard{}, false},
		{"2", report.Shard{}, false},
		{"", report.Shard{}, false},
	} {
		got, err := Parse(tc.in)
		if (err == nil) != tc.ok || got.Index != tc.want.Index || got.Total != tc.want.Total {
			t.Errorf("Parse(%q) = %+v, %v; want %+v, ok=%v", tc.in, got, err, tc.want, tc.ok)
		}
	}
}

func shardRep(k, n int, order []int, execs []string, fs ...finding.Finding) report.Report {
	ex := make([]report.Execution, len(execs))
	for i, c := range execs {
		ex[i] = report.Execution{Command: c, Verdict: execution.Passed}
	}
	return report.Report{
		Summary: finding.Summary{Scenarios: 3, Passed: len(execs)}, Findings: fs,
		Executions: &ex, Shard: &report.Shard{Index: k, Total: n, Order: order},
	}
}

func TestMerge(t *testing.T) {
	structural := finding.New(finding.NoTOML, "no contract")
	a := shardRep(1, 2, []int{0, 2}, []string{"a", "c"}, structural)
	b := shardRep(2, 2, []int{1}, []string{"b"})
	got, err := Merge([]report.Report{b, a}, []bool{false, true})
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
		parts []report.Report
		part  int
	}{
		{"missing shard", []report.Report{a}, 0},
		{"repeated shard", []report.Report{a, a}, 1},
		{"other total", []report.Report{a, shardRep(2, 3, []int{1}, []string{"b"})}, 1},
		{"not a shard", []report.Report{a, {Summary: finding.Summary{Scenarios: 3}}}, 1},
		{"other scope", []report.Report{a, func() report.Report { r := b; r.Scope.Changes = []string{"x"}; return r }()}, 1},
		{"other corpus", []report.Report{a, func() report.Report { r := b; r.Summary.Scenarios = 9; return r }()}, 1},
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
