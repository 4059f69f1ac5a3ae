package report

import (
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/selection"
)

// Report is the result of a check.
type Report struct {
	Scope    Scope
	Summary  finding.Summary
	Findings []finding.Finding
	// Executions lists every invocation run by --run-tests.
	// It is present (possibly empty) exactly when tests were run.
	Executions *[]Execution
	// Units lists every scenario in scope with its outcome, in scope order,
	// so a printer can list passing scenarios too.
	Units []Unit
	// OutOfScope lists the scenarios [scope] leaves out, in corpus order,
	// each with status out_of_scope: counted, never checked nor passed.
	OutOfScope []Unit
	// UncheckedChanges counts the active changes a check without
	// --changes did not check (issue 28): the text says so in one line.
	UncheckedChanges int
	// Interrupted is true when a cancellation stopped the run early.
	Interrupted bool
	// Strict is true when warnings fail the gate too (ah check --strict).
	Strict bool
	// Batches lists the batched invocations of the run, in plan order;
	// empty when nothing was batched (issue 12).
	Batches []Batch
	// Shard is set when the report covers one shard of the executions
	// (ah check --shard K/N); ah merge joins the shards' reports.
	Shard *Shard
	// Notes say what was not checked and why (the contract-stale check
	// without spk); printed only by ah check --verbose, never in JSON.
	Notes []string
	// Selection is what ah check --run-tests ran of the scope and why
	// (issue 13), set exactly when tests were run. It narrows execution
	// only; every unit is still checked.
	Selection *selection.Decision
}

// Shard is slice Index of Total of a check's executions. Order holds, for
// each execution of the report, its position in the whole run's plan. The
// rest identifies the run the shard belongs to, so ah merge accepts only
// shards of one run (issue 24); reports written before carry none of it.
type Shard struct {
	Index, Total int
	Order        []int
	// Corpus is a digest ("sha256:<hex>") of what was checked: every
	// scenario in scope (id, title, body, paths), its contract's bytes and
	// the config file.
	Corpus string
	// Tree and Dirty are the git tree of the checked commit and a digest
	// of the uncommitted changes (shard.Tree, issue 36); empty outside a
	// git work tree, and Dirty on a clean one.
	Tree, Dirty string
	// Selection is what the run was asked to run.
	Selection SelectionInput
	// Plan lists every job of the whole run, in plan order, with the shard
	// it is assigned to; empty without --run-tests.
	Plan []PlannedJob
}

// SelectionInput is the input of a run's test selection: the source
// (all-tests, files, range, worktree; empty without --run-tests), the
// resolved range, the changed files, and the units asked for.
type SelectionInput struct {
	Source     string
	Base, Head string
	Files      []string
	Units      []string
	Strict     bool
}

// PlannedJob is one job of a run's plan: its identity (the ref of its
// first binding) and the shard it is assigned to.
type PlannedJob struct {
	Job   string
	Shard int
}

// Failed reports whether the gate failed: a blocking finding, or with
// Strict any warning.
func (r Report) Failed() bool {
	if r.Strict && r.Summary.Warnings > 0 {
		return true
	}
	return finding.Failed(r.Findings)
}

// Scope says what was checked.
type Scope struct {
	Deployed bool
	Changes  []string
}

// Unit statuses.
const (
	// UnitValid: the contract is structurally valid; its tests were not run.
	UnitValid = "valid"
	// UnitInvalid: a blocking structural finding stops the unit.
	UnitInvalid = "invalid"
	// UnitPassed: every binding passed.
	UnitPassed = "passed"
	// UnitFailed: at least one binding did not pass.
	UnitFailed = "failed"
	// UnitNotRun: the run was interrupted, or stopped by --fail-fast,
	// before every binding ended.
	UnitNotRun = "not_run"
	// UnitWaived: the contract carries a [waiver] (a reason no automated
	// test can prove the scenario); its tests are not run and it never
	// passes (issue 28).
	UnitWaived = "waived"
	// UnitOutOfScope: [scope] in the config leaves the scenario out; it
	// is listed in Report.OutOfScope, never in Units.
	UnitOutOfScope = "out_of_scope"
	// UnitCarried: ah check --carry took the contract's pass from an
	// evidence snapshot whose tree no changed file affecting it separates
	// from this one (issue 41); its tests were not run. Unit.CarriedFrom
	// names the tree that proved it.
	UnitCarried = "carried"
)

// Unit is one scenario in scope and what became of it.
type Unit struct {
	Capability   string
	SpecPath     string
	ContractPath string
	Scenario     finding.ScenarioRef
	Status       string
	// CarriedFrom is the git tree whose run proved a carried unit.
	CarriedFrom string
	// Bindings are the unit's test entries, in contract order; empty when
	// tests were not run.
	Bindings []Binding
	// Waiver is the recorded decision of a waived unit (issue 39), nil
	// for every other status.
	Waiver *Waiver
}

// Waiver is a contract's [waiver]: why no automated test proves the
// scenario, and until when (empty: no end).
type Waiver struct {
	Reason, Expires string
}

// Binding is the verdict of one test entry of one contract.
type Binding struct {
	// Ref is "<capability>/<scenario-id> tests.<type>[<index>]".
	Ref   string
	Type  string
	Index int
	// Adapter is the test-framework adapter that judged it, or "custom"
	// for a custom runner; empty for shell and generic runners.
	Adapter string
	// Verdict is one of the execution verdicts (passed, failed, timed_out,
	// no_tests_ran, not_run).
	Verdict    string
	DurationMS *int64
	// Evidence is what the verdict of its execution rests on
	// (Evidence*); empty when it had none.
	Evidence string
}

// Execution is one job run: what ran, for whom, and how it ended.
type Execution struct {
	Type string
	// TestType is the declared test type, like a finding's test.test_type.
	TestType string
	// Command is the display form of the command; Argv is exactly what
	// was executed (wrapper and adapter flags included).
	Command string
	Argv    []string
	// Bindings are the contract entries that share this invocation.
	Bindings   []string
	Verdict    string
	ExitCode   *int
	DurationMS *int64
	// Adapter, DetectionSource and Version report the adapter that ran the
	// job; empty for shell, generic and custom runners.
	Adapter         string
	DetectionSource string
	Version         string
	// Batch names the batch this job was planned in (Report.Batches);
	// empty when it ran on its own.
	Batch string
	// Evidence says what the verdict rests on (Evidence* in evidence.go);
	// empty for a job that never ran. Tests are the tests its report
	// names (for a batch member, those its selection matched), the first
	// MaxEvidenceTests of TestCount.
	Evidence  string
	Tests     []TestRun
	TestCount int
}
