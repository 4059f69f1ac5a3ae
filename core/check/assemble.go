package check

import (
	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/report"
	"github.com/espectacular/ah/core/runner"
)

// assemble builds the report from the stages' results: findings sorted,
// executions in plan order, and one unit per scenario in scope, in scope
// order. ran is nil when tests were not run.
func assemble(sc resolved, v validation, changes []string, ran *execution.Results) Report {
	findings := v.findings
	rep := Report{
		Scope: Scope{Deployed: true, Changes: append([]string{}, changes...)},
	}
	passed := 0
	if ran != nil {
		findings = append(findings, ran.Findings...)
		passed = ran.Passed
		execs := ran.Executions
		if execs == nil {
			execs = []execution.Execution{}
		}
		rep.Executions = &execs
		rep.Interrupted = ran.Interrupted
		rep.Batches = ran.Batches
	}
	finding.Sort(findings)
	if findings == nil {
		findings = []finding.Finding{}
	}
	rep.Findings = findings
	rep.Summary = finding.Summarize(findings, len(sc.units), passed)
	if ran != nil {
		rep.Summary.NotRun = ran.NotRun
	}
	rep.Units = units(sc, v, ran)
	return rep
}

// units gives every scenario in scope its status and, when tests ran, the
// verdict of each of its bindings.
func units(sc resolved, v validation, ran *execution.Results) []report.Unit {
	ready := map[string]validated{}
	for _, u := range v.ready {
		ready[u.Key()] = u
	}
	byRef := map[string]execution.Execution{}
	if ran != nil {
		for _, ex := range ran.Executions {
			for _, ref := range ex.Bindings {
				byRef[ref] = ex
			}
		}
	}
	out := make([]report.Unit, 0, len(sc.units))
	for _, u := range sc.units {
		ru := report.Unit{
			Capability: u.Capability, SpecPath: u.SpecPath, ContractPath: u.ContractPath,
			Scenario: scenarioOf(u.Scenario), Status: report.UnitInvalid,
		}
		r, ok := ready[u.Key()]
		switch {
		case !ok:
		case ran == nil:
			ru.Status = report.UnitValid
		default:
			ru.Bindings, ru.Status = bindingsOf(u, r, byRef)
		}
		out = append(out, ru)
	}
	return out
}

// bindingsOf lists the verdicts of a ready unit's entries and derives the
// unit's status: not_run when any was interrupted, passed when all passed,
// else failed. An entry without an execution could not be invoked: failed.
func bindingsOf(u Unit, r validated, byRef map[string]execution.Execution) ([]report.Binding, string) {
	status := report.UnitPassed
	var out []report.Binding
	for i, e := range r.Contract.Tests {
		b := execution.Binding{Capability: u.Capability, Scenario: scenarioOf(u.Scenario), Entry: e}
		rb := report.Binding{Ref: b.Ref(), Type: e.Type, Index: e.Index, Adapter: adapterOf(r.plans[i]), Verdict: execution.Failed}
		if ex, ok := byRef[rb.Ref]; ok {
			rb.Verdict, rb.DurationMS, rb.Evidence = ex.Verdict, ex.DurationMS, ex.Evidence
		}
		switch {
		case rb.Verdict == execution.NotRun:
			status = report.UnitNotRun
		case rb.Verdict != execution.Passed && status != report.UnitNotRun:
			status = report.UnitFailed
		}
		out = append(out, rb)
	}
	return out, status
}

// adapterOf names what judged a binding beyond its exit status: the
// framework adapter, or "custom" for a custom runner's envelope.
func adapterOf(p runner.Plan) string {
	switch p.Kind {
	case runner.Framework:
		return p.Driver.Name()
	case runner.Envelope:
		return runner.Custom
	}
	return ""
}
