package check

import (
	"github.com/espectacular/ah/core/finding"
)

// findingsOf is the one ordered list of steps a check's findings take
// once the stages produced them (the validate stage gathers the
// structural ones, with the probe timeouts, expired waivers, scope
// findings and contract-stale findings, whose contracts dropStale keeps
// from running):
//
//  1. dedupe: one no-tests-declared finding per property's derived
//     contract, however many scenarios it covers;
//  2. shard: the structural findings, the mutation runs' and the bindings
//     no runner can invoke are reported by shard 1 alone, so a merge never
//     counts them twice;
//  3. run: the execution findings of this shard's jobs, then the bindings
//     no runner can invoke, then the passing property and snapshot
//     entries';
//  4. sort: finding.Sort, the one order of every report.
//
// RunAll then drops the findings every change's run shares (identity)
// and sorts again; summaryOf and recount count them.
func findingsOf(o outcome) []finding.Finding {
	first := o.shard == nil || o.shard.Index == 1
	var out []finding.Finding
	if first {
		out = append(dedupe(o.v.Findings), o.mutation...)
	}
	if o.ran != nil {
		out = append(out, o.ran.Findings...)
	}
	if first {
		out = append(out, o.unresolved...)
	}
	out = append(out, o.qualityPassed...)
	finding.Sort(out)
	if out == nil {
		out = []finding.Finding{}
	}
	return out
}

// summaryOf counts the findings and what the stages left out or carried.
func summaryOf(o outcome, findings []finding.Finding) finding.Summary {
	s := finding.Summary{Scenarios: len(o.scope.Units)}
	if o.ran != nil {
		s.Passed, s.NotRun = o.ran.Passed, o.ran.NotRun
	}
	s.Skipped, s.OutOfScope, s.Waived, s.Carried = o.scope.Skipped, len(o.scope.OutOfScope), len(o.v.Waived), len(o.carried)
	return recount(s, findings)
}

// recount is s with its finding counts drawn from findings again; the
// counts of scenarios and bindings stay.
func recount(s finding.Summary, findings []finding.Finding) finding.Summary {
	n := finding.Summarize(findings, s.Scenarios, s.Passed)
	n.Skipped, n.NotRun, n.OutOfScope, n.Waived, n.Carried = s.Skipped, s.NotRun, s.OutOfScope, s.Waived, s.Carried
	return n
}

// dedupe drops repeated findings about one property's derived contract:
// each covered scenario's unit reports it, but it is one problem.
func dedupe(fs []finding.Finding) []finding.Finding {
	seen := map[string]bool{}
	out := fs[:0]
	for _, f := range fs {
		if f.Scenario == nil && f.Kind == finding.NoTestsDeclared {
			key := f.ContractPath
			if seen[key] {
				continue
			}
			seen[key] = true
		}
		out = append(out, f)
	}
	return out
}
