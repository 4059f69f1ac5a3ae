package shard

import (
	"fmt"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/report"
)

// Part is one shard report given to Merge: the file it was read from (for
// messages), the report, and whether its gate failed (ok false in JSON;
// strictness and interruptions are not all part of a report).
type Part struct {
	Name   string
	Report report.Report
	Failed bool
}

// MergeError is a set of shard reports that do not make one complete,
// consistent run: File names the report at fault, Why what differs and
// the fix.
type MergeError struct {
	File string
	Why  string
}

func (e *MergeError) Error() string { return e.File + " " + e.Why }

// Merge joins the reports of the shards 1..N of one check (ah merge) into
// the report the unsharded check gives: findings in the canonical order,
// the summary recounted, executions back in plan order. It refuses (issue
// 24) anything but the complete shards of one run: every report must carry
// the same corpus digest, selection input and plan, hold exactly the
// positions the plan assigns to it, with each execution the job at its
// position, and agree with itself (a failed execution has its finding,
// the summary counts its executions). Verdict and summary are recomputed
// from what was merged, never taken from a report's ok or counts.
func Merge(parts []Part) (report.Report, error) {
	if len(parts) == 0 {
		return report.Report{}, &MergeError{File: "ah merge", Why: "got no reports to merge"}
	}
	if err := sameRun(parts); err != nil {
		return report.Report{}, err
	}
	for _, p := range parts {
		if err := holdsItsJobs(p); err != nil {
			return report.Report{}, err
		}
		if err := selfConsistent(p); err != nil {
			return report.Report{}, err
		}
	}
	if err := complete(parts); err != nil {
		return report.Report{}, err
	}
	return join(parts), nil
}

// sameRun checks that every report is a shard of the run the first one
// belongs to.
func sameRun(parts []Part) error {
	first := parts[0]
	seen := map[int]bool{}
	for i, p := range parts {
		s, f := p.Report.Shard, first.Report.Shard
		fail := func(why string, a ...any) error { return &MergeError{File: p.Name, Why: fmt.Sprintf(why, a...)} }
		switch {
		case s == nil:
			return fail("is not a shard report: produce each with ah check --shard K/N --json")
		case s.Corpus == "":
			return fail("carries no run identity (corpus, selection, plan): it was written by an earlier ah; re-run every shard with this ah check --shard K/N --json")
		case i == 0:
		case s.Total != f.Total:
			return fail("is shard %d/%d, but %s is of %d shards: run every shard with the same N", s.Index, s.Total, first.Name, f.Total)
		case seen[s.Index]:
			return fail("repeats shard %d/%d: pass each shard's report once", s.Index, s.Total)
		case s.Corpus != f.Corpus:
			return fail("checked another corpus than %s (corpus %s, not %s): run every shard on the same commit, specs, contracts and config", first.Name, short(s.Corpus), short(f.Corpus))
		case !sameSelection(s.Selection, f.Selection):
			return fail("was run with another selection than %s: %s, not %s; run every shard with the same --files, --base/--head or --all-tests and units%s", first.Name, describe(s.Selection), describe(f.Selection), worktreeHint(s.Selection, f.Selection))
		case s.Tree != f.Tree || s.Dirty != f.Dirty:
			return fail("checked another tree than %s: %s, not %s; run every shard on the same commit with the same uncommitted changes (none, in CI), and write the reports outside the repository",
				first.Name, Tree{s.Tree, s.Dirty}, Tree{f.Tree, f.Dirty})
		case !slices.Equal(p.Report.Scope.Changes, first.Report.Scope.Changes) || p.Report.Scope.Deployed != first.Report.Scope.Deployed:
			return fail("checked another scope (--changes) than %s: run every shard with the same --changes", first.Name)
		case p.Report.Summary.Scenarios != first.Report.Summary.Scenarios || p.Report.Summary.Skipped != first.Report.Summary.Skipped:
			return fail("counts other scenarios than %s: shards must check the same corpus and units", first.Name)
		case (p.Report.Executions == nil) != (first.Report.Executions == nil):
			return fail("differs from %s in --run-tests: run every shard with the same flags", first.Name)
		case !slices.Equal(s.Plan, f.Plan):
			return fail("planned another run than %s (%d jobs, not %d, or other jobs or shards): run every shard on the same corpus with the same flags and --durations file", first.Name, len(s.Plan), len(f.Plan))
		}
		seen[s.Index] = true
	}
	return nil
}

// holdsItsJobs checks that a shard holds exactly the positions its plan
// assigns to it, and that each execution is the job at its position.
func holdsItsJobs(p Part) error {
	s := p.Report.Shard
	var want []int
	for i, j := range s.Plan {
		if j.Shard == s.Index {
			want = append(want, i)
		}
	}
	rerun := fmt.Sprintf("re-run ah check --run-tests --shard %d/%d --json and pass its report unedited", s.Index, s.Total)
	if !slices.Equal(s.Order, want) {
		return &MergeError{File: p.Name, Why: fmt.Sprintf("does not hold the jobs the plan assigns to shard %d/%d (positions %s of %d; it holds %s): the report was edited or relabelled; %s",
			s.Index, s.Total, positions(want), len(s.Plan), positions(s.Order), rerun)}
	}
	execs := executions(p.Report)
	if len(execs) != len(s.Order) {
		return &MergeError{File: p.Name, Why: fmt.Sprintf("has %d executions for %d positions: %s", len(execs), len(s.Order), rerun)}
	}
	for i, ex := range execs {
		if len(ex.Bindings) == 0 || ex.Bindings[0] != s.Plan[s.Order[i]].Job {
			return &MergeError{File: p.Name, Why: fmt.Sprintf("has execution %d (%s) where the plan has %s: %s", i+1, strings.Join(ex.Bindings, ", "), s.Plan[s.Order[i]].Job, rerun)}
		}
	}
	return nil
}

// selfConsistent checks that a report's findings and summary agree with
// its own executions: each binding of an execution that ran and did not
// pass has an execution finding, and the passed and not-run counts are
// the executions'.
func selfConsistent(p Part) error {
	s := p.Report.Shard
	rerun := fmt.Sprintf("the report was edited; re-run ah check --run-tests --shard %d/%d --json", s.Index, s.Total)
	reported := map[string]bool{}
	for _, f := range p.Report.Findings {
		if f.Category == finding.Execution && f.Scenario != nil {
			reported[f.Spec+"/"+f.Scenario.ID] = true
		}
	}
	passed, notRun := counts(executions(p.Report))
	for _, ex := range executions(p.Report) {
		if ex.Verdict == report.VerdictPassed || ex.Verdict == report.VerdictNotRun {
			continue
		}
		for _, ref := range ex.Bindings {
			if key, _, _ := strings.Cut(ref, " "); !reported[key] {
				return &MergeError{File: p.Name, Why: fmt.Sprintf("has a %s execution of %s that no finding reports: %s", strings.ReplaceAll(ex.Verdict, "_", " "), ref, rerun)}
			}
		}
	}
	if p.Report.Summary.Passed != passed || p.Report.Summary.NotRun != notRun {
		return &MergeError{File: p.Name, Why: fmt.Sprintf("says %d tests passed but its executions show %d (not run: %d, executions: %d): %s",
			p.Report.Summary.Passed, passed, p.Report.Summary.NotRun, notRun, rerun)}
	}
	return nil
}

// complete checks that the shards cover the plan exactly: every shard
// 1..N is present and each position is held once. With the checks above
// it holds by construction; it is kept as the statement of the guarantee.
func complete(parts []Part) error {
	last := parts[len(parts)-1]
	total := last.Report.Shard.Total
	if len(parts) != total {
		return &MergeError{File: last.Name, Why: fmt.Sprintf("got %d of %d shards: pass every shard's report", len(parts), total)}
	}
	plan := parts[0].Report.Shard.Plan
	held := make([]string, len(plan))
	for _, p := range parts {
		for _, at := range p.Report.Shard.Order {
			if held[at] != "" {
				return &MergeError{File: p.Name, Why: fmt.Sprintf("repeats job %s (position %d) of %s: pass each shard's report once", plan[at].Job, at, held[at])}
			}
			held[at] = p.Name
		}
	}
	for at, name := range held {
		if name == "" {
			return &MergeError{File: last.Name, Why: fmt.Sprintf("and the other reports leave job %s (position %d) unrun: pass every shard's report", plan[at].Job, at)}
		}
	}
	return nil
}

func join(parts []Part) report.Report {
	first := parts[0].Report
	// Every shard gathered the same changes, so any one's selection is
	// the run's.
	out := report.Report{Scope: first.Scope, Selection: first.Selection, Strict: first.Shard.Selection.Strict}
	findings := []finding.Finding{}
	type placed struct {
		at int
		ex report.Execution
	}
	var execs []placed
	renamed := joinBatches(parts, &out)
	for i, p := range parts {
		findings = append(findings, p.Report.Findings...)
		for j, ex := range executions(p.Report) {
			if ex.Batch != "" {
				ex.Batch = renamed[i][ex.Batch]
			}
			execs = append(execs, placed{p.Report.Shard.Order[j], ex})
		}
		out.Strict = out.Strict || p.Failed
	}
	slices.SortStableFunc(execs, func(a, b placed) int { return a.at - b.at })
	list := make([]report.Execution, len(execs))
	for i, e := range execs {
		list[i] = e.ex
	}
	passed, notRun := counts(list)
	finding.Sort(findings)
	out.Findings = findings
	out.Summary = finding.Summarize(findings, first.Summary.Scenarios, passed)
	out.Summary.Skipped, out.Summary.NotRun = first.Summary.Skipped, notRun
	out.Summary.OutOfScope, out.Summary.Waived = first.Summary.OutOfScope, first.Summary.Waived
	if first.Executions != nil {
		out.Executions = &list
	}
	return out
}

// joinBatches lists every shard's batches in out, in shard order. Each
// shard numbered its own batches from batch-1, so they are renumbered to
// stay unique; the result maps each part's old ids to the new ones, for
// its executions.
func joinBatches(parts []Part, out *report.Report) []map[string]string {
	order := make([]int, len(parts))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return parts[a].Report.Shard.Index - parts[b].Report.Shard.Index })
	renamed := make([]map[string]string, len(parts))
	for _, i := range order {
		renamed[i] = map[string]string{}
		for _, b := range parts[i].Report.Batches {
			id := fmt.Sprintf("batch-%d", len(out.Batches)+1)
			renamed[i][b.ID] = id
			b.ID = id
			out.Batches = append(out.Batches, b)
		}
	}
	return renamed
}

// counts are the bindings that passed and that never ran, as the
// unsharded run counts them: every binding of a job shares its verdict.
func counts(execs []report.Execution) (passed, notRun int) {
	for _, ex := range execs {
		switch ex.Verdict {
		case report.VerdictPassed:
			passed += len(ex.Bindings)
		case report.VerdictNotRun:
			notRun += len(ex.Bindings)
		}
	}
	return passed, notRun
}

func executions(r report.Report) []report.Execution {
	if r.Executions == nil {
		return nil
	}
	return *r.Executions
}

func sameSelection(a, b report.SelectionInput) bool {
	return a.Source == b.Source && a.Base == b.Base && a.Head == b.Head && a.Strict == b.Strict &&
		slices.Equal(a.Files, b.Files) && slices.Equal(a.Units, b.Units)
}

// describe words a selection input as the flags that give it.
func describe(in report.SelectionInput) string {
	var words []string
	switch in.Source {
	case "":
		words = append(words, "no --run-tests")
	case "all-tests":
		words = append(words, "--all-tests")
	case "files":
		words = append(words, "--files "+strings.Join(in.Files, ","))
	case "range":
		words = append(words, fmt.Sprintf("--base %s --head %s", abbrev(in.Base), abbrev(in.Head)))
	default:
		w := "the worktree's changes"
		if len(in.Files) > 0 {
			w += " (" + strings.Join(in.Files, ",") + ")"
		}
		words = append(words, w)
	}
	if len(in.Units) > 0 {
		words = append(words, "units "+strings.Join(in.Units, " "))
	}
	if in.Strict {
		words = append(words, "--strict")
	}
	return strings.Join(words, " ")
}

// worktreeHint says why shards selecting by the worktree differ most
// often: each wrote its report into its own worktree.
func worktreeHint(a, b report.SelectionInput) string {
	if a.Source != "worktree" || b.Source != "worktree" {
		return ""
	}
	return " (a report written into the worktree is a change of it: use --all-tests or --base in CI, or write the report outside the repository)"
}

func abbrev(commit string) string { return commit[:min(len(commit), 12)] }

// short keeps a digest readable in a message: its algorithm and 12 digits.
func short(digest string) string {
	algo, hex, _ := strings.Cut(digest, ":")
	return algo + ":" + hex[:min(len(hex), 12)]
}

func positions(at []int) string {
	if len(at) == 0 {
		return "none"
	}
	words := make([]string, len(at))
	for i, p := range at {
		words[i] = fmt.Sprint(p)
	}
	return strings.Join(words, ", ")
}
