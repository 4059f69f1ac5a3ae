package shard

import (
	"fmt"
	"slices"
	"strings"
	"testing"

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

var jobNames = []string{"a", "b", "c"}

func ref(name string) string { return "c/" + name + " tests.shell[0]" }

// shardRep is shard k of n of a run of three jobs a, b, c, dealt out in
// turn; it holds the jobs at order, each passing.
func shardRep(k, n int, order []int, execs []string, fs ...finding.Finding) report.Report {
	ex := make([]report.Execution, len(execs))
	for i, c := range execs {
		ex[i] = report.Execution{Command: c, Bindings: []string{ref(c)}, Verdict: report.VerdictPassed}
	}
	plan := make([]report.PlannedJob, len(jobNames))
	for i, name := range jobNames {
		plan[i] = report.PlannedJob{Job: ref(name), Shard: i%n + 1}
	}
	return report.Report{
		Summary: finding.Summary{Scenarios: 3, Passed: len(execs)}, Findings: fs,
		Executions: &ex, Shard: &report.Shard{
			Index: k, Total: n, Order: order, Corpus: "sha256:0123456789abcdef",
			Selection: report.SelectionInput{Source: "all-tests"}, Plan: plan,
		},
	}
}

func parts(reps ...report.Report) []Part {
	out := make([]Part, len(reps))
	for i, r := range reps {
		out[i] = Part{Name: fmt.Sprintf("r%d.json", i+1), Report: r}
	}
	return out
}

func TestMerge(t *testing.T) {
	structural := finding.New(finding.NoTOML, "no contract")
	a := shardRep(1, 2, []int{0, 2}, []string{"a", "c"}, structural)
	b := shardRep(2, 2, []int{1}, []string{"b"})
	in := parts(b, a)
	in[1].Failed = true
	got, err := Merge(in)
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
}

// TestMergeFailedExecution: a failed execution reported by its finding
// merges into a failed report.
func TestMergeFailedExecution(t *testing.T) {
	a := shardRep(1, 2, []int{0, 2}, []string{"a", "c"})
	b := shardRep(2, 2, []int{1}, []string{"b"})
	(*b.Executions)[0].Verdict = report.VerdictFailed
	b.Summary.Passed = 0
	f := finding.New(finding.TestFailing, "b failed")
	f.Spec, f.Scenario = "c", &finding.ScenarioRef{ID: "b"}
	b.Findings = []finding.Finding{f}
	got, err := Merge(parts(a, b))
	if err != nil {
		t.Fatal(err)
	}
	if !got.Failed() || got.Summary.Passed != 2 || got.Summary.Execution != 1 {
		t.Errorf("merged %+v, want failed with 2 passed and 1 execution finding", got.Summary)
	}
}

// TestMergeRefuses: each set that is not the complete, consistent shards
// of one run is refused, naming the report at fault (issue 24).
func TestMergeRefuses(t *testing.T) {
	a := shardRep(1, 2, []int{0, 2}, []string{"a", "c"})
	b := shardRep(2, 2, []int{1}, []string{"b"})
	edit := func(r report.Report, f func(*report.Report)) report.Report {
		s := *r.Shard
		r.Shard = &s
		ex := slices.Clone(*r.Executions)
		r.Executions = &ex
		f(&r)
		return r
	}
	for _, tc := range []struct {
		name  string
		parts []Part
		file  string
		why   string
	}{
		{"no reports", nil, "ah merge", "no reports"},
		{"missing shard", parts(a), "r1.json", "got 1 of 2 shards"},
		{"repeated shard", parts(a, a), "r2.json", "repeats shard 1/2"},
		{"other total", parts(a, shardRep(2, 3, []int{1}, []string{"b"})), "r2.json", "of 2 shards"},
		{"not a shard", parts(a, report.Report{Summary: finding.Summary{Scenarios: 3}}), "r2.json", "is not a shard report"},
		{"no run identity", parts(a, edit(b, func(r *report.Report) { r.Shard.Corpus = "" })), "r2.json", "no run identity"},
		{"other scope", parts(a, edit(b, func(r *report.Report) { r.Scope.Changes = []string{"x"} })), "r2.json", "another scope"},
		{"other corpus", parts(a, edit(b, func(r *report.Report) { r.Shard.Corpus = "sha256:ffff" })), "r2.json", "another corpus than r1.json"},
		{"other selection", parts(a, edit(b, func(r *report.Report) {
			r.Shard.Selection = report.SelectionInput{Source: "files", Files: []string{"x.md"}}
		})), "r2.json", "--files x.md, not --all-tests"},
		{"other units", parts(a, edit(b, func(r *report.Report) { r.Shard.Selection.Units = []string{"gate"} })), "r2.json", "another selection"},
		{"other scenario count", parts(a, edit(b, func(r *report.Report) { r.Summary.Scenarios = 9 })), "r2.json", "counts other scenarios"},
		// Issue 36: another commit, or other uncommitted changes.
		{"other tree", parts(a, edit(b, func(r *report.Report) { r.Shard.Tree = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb" })), "r2.json",
			"checked another tree than r1.json: tree bbbbbbbbbbbb, not tree (no commit); run every shard on the same commit"},
		{"dirty", parts(a, edit(b, func(r *report.Report) { r.Shard.Dirty = "sha256:0123456789abcdef0123" })), "r2.json",
			"tree (no commit) with uncommitted changes sha256:0123456789ab, not tree (no commit)"},
		{"other plan", parts(a, edit(b, func(r *report.Report) { r.Shard.Plan = r.Shard.Plan[:2] })), "r2.json", "planned another run"},
		{"emptied shard", parts(a, edit(b, func(r *report.Report) {
			*r.Executions, r.Shard.Order, r.Summary.Passed = nil, []int{}, 0
		})), "r2.json", "does not hold the jobs the plan assigns to shard 2/2 (positions 1 of 3; it holds none)"},
		{"execution not the planned job", parts(a, edit(b, func(r *report.Report) { (*r.Executions)[0].Bindings = []string{ref("c")} })), "r2.json", "where the plan has c/b"},
		{"failed without finding", parts(a, edit(b, func(r *report.Report) {
			(*r.Executions)[0].Verdict, r.Summary.Passed = report.VerdictFailed, 0
		})), "r2.json", "failed execution of c/b tests.shell[0] that no finding reports"},
		{"summary disagrees", parts(a, edit(b, func(r *report.Report) { r.Summary.Passed = 5 })), "r2.json", "says 5 tests passed but its executions show 1"},
	} {
		_, err := Merge(tc.parts)
		me, ok := err.(*MergeError)
		if !ok || me.File != tc.file || !strings.Contains(me.Why, tc.why) {
			t.Errorf("%s: err %v, want a MergeError on %s saying %q", tc.name, err, tc.file, tc.why)
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
