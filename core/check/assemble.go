package check

import (
	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/report"
	"github.com/espectacular/ah/core/selection"
	"github.com/espectacular/ah/core/validate"
)

// outcome is what the stages of a check produced: assemble turns it into
// the report in one step.
type outcome struct {
	scope  validate.Resolved
	v      validate.Validation
	strict bool
	notes  []string
	// ran is nil when tests were not run; unresolved are the bindings no
	// runner can invoke, qualityPassed the info findings of passing
	// property and snapshot entries, mutation the mutation tool's.
	ran                                 *execution.Results
	unresolved, qualityPassed, mutation []finding.Finding
	// shard is this shard's record; elsewhere the binding refs other
	// shards run (nil when not sharded).
	shard     *report.Shard
	elsewhere map[string]bool
	// picked is the changed-files selection (nil when none was made).
	picked *selection.Decision
	// carried are the contract keys whose pass ah check --carry took from
	// the snapshot of tree carriedFrom.
	carried     map[string]bool
	carriedFrom string
}

// assemble builds the report from the stages' results: findings sorted,
// executions in plan order, and one unit per scenario in scope, in scope
// order.
func assemble(o outcome) Report {
	rep := Report{
		Scope:  report.Scope{Deployed: true, Changes: append([]string{}, o.scope.Changes...)},
		Strict: o.strict, Shard: o.shard, Notes: o.notes,
	}
	if o.ran != nil {
		execs := o.ran.Executions
		if execs == nil {
			execs = []execution.Execution{}
		}
		rep.Executions = &execs
		rep.Interrupted = o.ran.Interrupted
		rep.Batches = o.ran.Batches
	}
	rep.Findings = findingsOf(o)
	rep.Summary = summaryOf(o, rep.Findings)
	rep.Units = units(o)
	for _, u := range o.scope.OutOfScope {
		rep.OutOfScope = append(rep.OutOfScope, report.Unit{
			Capability: u.Capability, SpecPath: u.SpecPath, ContractPath: u.ContractPath,
			Scenario: u.ScenarioRef(), Status: report.UnitOutOfScope,
		})
	}
	if o.picked != nil {
		rep.Selection = o.picked
	}
	return rep
}

// units gives every scenario in scope its status and, when tests ran, the
// verdict of each of its bindings.
func units(o outcome) []report.Unit {
	byRef := map[string]execution.Execution{}
	if o.ran != nil {
		for _, ex := range o.ran.Executions {
			for _, ref := range ex.Bindings {
				byRef[ref] = ex
			}
		}
	}
	out := make([]report.Unit, 0, len(o.scope.Units))
	// The ready units are scope units, in scope order (validate): each is
	// found by walking both lists once, with no index of every key.
	next := 0
	for i := range o.scope.Units {
		u := &o.scope.Units[i]
		ru := report.Unit{
			Capability: u.Capability, SpecPath: u.SpecPath, ContractPath: u.ContractPath,
			Scenario: u.ScenarioRef(), Status: report.UnitInvalid,
		}
		key := u.Key()
		ready := next < len(o.v.Ready) && o.v.Ready[next].Unit == u
		if ready {
			next++
		}
		w, waived := o.v.Waived[key]
		switch {
		case waived:
			ru.Status = report.UnitWaived
			ru.Waiver = &report.Waiver{Reason: w.Waiver.Reason, Expires: w.Waiver.Expires}
		case !ready:
		case o.carried[key]:
			ru.Status, ru.CarriedFrom = report.UnitCarried, o.carriedFrom
		case o.ran == nil, o.picked != nil && !o.picked.Runs(u.Key()):
			// Checked, not run: the selection skipped its tests.
			ru.Status = report.UnitValid
		default:
			ru.Bindings, ru.Status = bindingsOf(*u, o.v.Ready[next-1], byRef, o.elsewhere)
		}
		out = append(out, ru)
	}
	return out
}

// bindingsOf lists the verdicts of a ready unit's entries and derives the
// unit's status: not_run when any was interrupted, passed when all passed,
// else failed. An entry without an execution could not be invoked: failed.
// Entries another shard runs are left out, so this shard neither fails nor
// passes them; a unit whose entries all ran elsewhere is valid.
func bindingsOf(u validate.Unit, r validate.Ready, byRef map[string]execution.Execution, elsewhere map[string]bool) ([]report.Binding, string) {
	status := report.UnitPassed
	var out []report.Binding
	tests := r.Contract.Tests()
	for i, e := range tests {
		b := execution.Binding{Capability: u.Capability, Scenario: u.ScenarioRef(), Entry: e}
		rb := report.Binding{Ref: b.Ref(), Type: e.Type, Index: e.Index, Adapter: r.Routes[i].JudgedBy(), Verdict: report.VerdictFailed}
		if elsewhere[rb.Ref] {
			continue
		}
		if ex, ok := byRef[rb.Ref]; ok {
			rb.Verdict, rb.DurationMS, rb.Evidence = ex.Verdict, ex.DurationMS, ex.Evidence
		}
		switch {
		case rb.Verdict == report.VerdictNotRun:
			status = report.UnitNotRun
		case rb.Verdict != report.VerdictPassed && status != report.UnitNotRun:
			status = report.UnitFailed
		}
		out = append(out, rb)
	}
	if len(out) == 0 && len(tests) > 0 {
		return nil, report.UnitValid
	}
	return out, status
}
