package shard

import (
	"fmt"
	"slices"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/report"
)

// MergeError is a set of shard reports that do not make one run; Part is
// the index of the report at fault.
type MergeError struct {
	Part int
	Why  string
}

func (e *MergeError) Error() string { return e.Why }

// Merge joins the reports of the shards 1..N of one check (ah merge) into
// the report the unsharded check gives: findings in the canonical order,
// the summary recounted, executions back in plan order. A report that
// failed its gate (ok false in JSON) keeps the merge failing: failed marks
// them, since strictness is not part of a report.
func Merge(parts []report.Report, failed []bool) (report.Report, error) {
	if len(parts) == 0 {
		return report.Report{}, &MergeError{Why: "no reports to merge"}
	}
	seen := map[int]bool{}
	total := 0
	for i, p := range parts {
		switch {
		case p.Shard == nil:
			return report.Report{}, &MergeError{Part: i, Why: "is not a shard report: produce each with ah check --shard K/N --json"}
		case i > 0 && p.Shard.Total != total:
			return report.Report{}, &MergeError{Part: i, Why: fmt.Sprintf("is shard %d/%d, but the first report is of %d shards", p.Shard.Index, p.Shard.Total, total)}
		case seen[p.Shard.Index]:
			return report.Report{}, &MergeError{Part: i, Why: fmt.Sprintf("repeats shard %d/%d", p.Shard.Index, p.Shard.Total)}
		case !slices.Equal(p.Scope.Changes, parts[0].Scope.Changes) || p.Scope.Deployed != parts[0].Scope.Deployed:
			return report.Report{}, &MergeError{Part: i, Why: "checked another scope (--change) than the first report"}
		case p.Summary.Scenarios != parts[0].Summary.Scenarios || p.Summary.Skipped != parts[0].Summary.Skipped:
			return report.Report{}, &MergeError{Part: i, Why: "counts other scenarios than the first report: shards must check the same corpus and units"}
		case (p.Executions == nil) != (parts[0].Executions == nil):
			return report.Report{}, &MergeError{Part: i, Why: "differs from the first report in --run-tests"}
		}
		total = p.Shard.Total
		seen[p.Shard.Index] = true
	}
	if len(seen) != total {
		return report.Report{}, &MergeError{Part: len(parts) - 1, Why: fmt.Sprintf("got %d of %d shards: pass every shard's report", len(seen), total)}
	}
	return join(parts, failed), nil
}

func join(parts []report.Report, failed []bool) report.Report {
	// Every shard gathered the same changes, so any one's selection is
	// the run's.
	out := report.Report{Scope: parts[0].Scope, Selection: parts[0].Selection}
	findings := []finding.Finding{}
	passed, notRun := 0, 0
	type placed struct {
		at int
		ex report.Execution
	}
	var execs []placed
	renamed := joinBatches(parts, &out)
	for i, p := range parts {
		findings = append(findings, p.Findings...)
		passed += p.Summary.Passed
		notRun += p.Summary.NotRun
		if p.Executions != nil {
			for j, ex := range *p.Executions {
				if ex.Batch != "" {
					ex.Batch = renamed[i][ex.Batch]
				}
				execs = append(execs, placed{p.Shard.Order[j], ex})
			}
		}
		out.Strict = out.Strict || failed[i]
	}
	finding.Sort(findings)
	out.Findings = findings
	out.Summary = finding.Summarize(findings, parts[0].Summary.Scenarios, passed)
	out.Summary.Skipped, out.Summary.NotRun = parts[0].Summary.Skipped, notRun
	if parts[0].Executions != nil {
		slices.SortStableFunc(execs, func(a, b placed) int { return a.at - b.at })
		list := make([]report.Execution, len(execs))
		for i, e := range execs {
			list[i] = e.ex
		}
		out.Executions = &list
	}
	return out
}

// joinBatches lists every shard's batches in out, in shard order. Each
// shard numbered its own batches from batch-1, so they are renumbered to
// stay unique; the result maps each part's old ids to the new ones, for
// its executions.
func joinBatches(parts []report.Report, out *report.Report) []map[string]string {
	order := make([]int, len(parts))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return parts[a].Shard.Index - parts[b].Shard.Index })
	renamed := make([]map[string]string, len(parts))
	for _, i := range order {
		renamed[i] = map[string]string{}
		for _, b := range parts[i].Batches {
			id := fmt.Sprintf("batch-%d", len(out.Batches)+1)
			renamed[i][b.ID] = id
			b.ID = id
			out.Batches = append(out.Batches, b)
		}
	}
	return renamed
}
