package coverage_test

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/core/coverage"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/report"
)

func unit(capability, id, status string) report.Unit {
	line := 1
	return report.Unit{
		Capability: capability, SpecPath: "openspec/specs/" + capability + "/spec.md",
		ContractPath: ".espectacular/" + capability + "/" + id + ".toml",
		Scenario:     finding.ScenarioRef{ID: id, Line: &line}, Status: status,
	}
}

func contract(archetype string) *fstest.MapFile {
	return &fstest.MapFile{Data: []byte("id = \"x\"\ndescription = \"d\"\narchetype = \"" + archetype + "\"\nstatus = \"active\"\nauthored_with = \"0.12.0\"\n")}
}

func TestBuild(t *testing.T) {
	fsys := fstest.MapFS{
		".espectacular/b/pf.toml":     contract("PF"),
		".espectacular/b/failed.toml": contract("NR"),
		".espectacular/a/odd.toml":    contract("XX"),
	}
	missing := unit("a", "none", report.UnitInvalid)
	noTOML := finding.New(finding.NoTOML, "no contract").WithScenario("a", missing.SpecPath, missing.Scenario)
	rep := report.Report{
		Units: []report.Unit{
			unit("b", "pf", report.UnitPassed), unit("b", "failed", report.UnitFailed),
			missing, unit("a", "odd", report.UnitValid),
		},
		Findings: []finding.Finding{noTOML},
	}
	m := coverage.Build(fsys, rep)
	// Columns: PF SA BP CE NR unassigned.
	want := []coverage.Row{
		{Spec: "a", Cells: []coverage.Cell{{}, {}, {}, {}, {}, {NotRun: 1, Missing: 1}}},
		{Spec: "b", Cells: []coverage.Cell{{Proven: 1}, {}, {}, {}, {Failing: 1}, {}}},
		{Spec: "TOTAL", Cells: []coverage.Cell{{Proven: 1}, {}, {}, {}, {Failing: 1}, {NotRun: 1, Missing: 1}}},
	}
	assert.Equal(t, want, m.Rows)
	assert.Equal(t, coverage.Cell{Proven: 1, NotRun: 1, Missing: 1, Failing: 1}, m.Summary())
	assert.Equal(t, []string{"proven", "failing", "missing", "not_run"},
		[]string{m.Scenarios[0].State, m.Scenarios[1].State, m.Scenarios[2].State, m.Scenarios[3].State})
}

// TestBuildMissingAndFailingFindings: only no-toml and empty-scenario-id
// make a scenario missing; any other finding leaves it to its status.
// Findings about another scenario, or about none, are not the unit's.
func TestBuildMissingAndFailingFindings(t *testing.T) {
	empty := unit("c", "", report.UnitInvalid)
	failed := unit("c", "f", report.UnitFailed)
	passed := unit("a", "f", report.UnitPassed)
	otherLine := 2
	elsewhere := failed.Scenario
	elsewhere.Line = &otherLine
	rep := report.Report{
		Units: []report.Unit{empty, failed, passed},
		Findings: []finding.Finding{
			finding.New(finding.EmptyScenarioID, "no id").WithScenario("c", empty.SpecPath, empty.Scenario),
			finding.New(finding.TestFailing, "failed").WithScenario("c", failed.SpecPath, failed.Scenario),
			finding.New(finding.NoTOML, "same id, other line").WithScenario("c", failed.SpecPath, elsewhere),
			finding.New(finding.NoTOML, "no scenario"),
		},
	}
	m := coverage.Build(fstest.MapFS{}, rep)
	assert.Equal(t, []string{"a", "c", "TOTAL"}, []string{m.Rows[0].Spec, m.Rows[1].Spec, m.Rows[2].Spec})
	assert.Equal(t, []string{"missing", "failing", "proven"}, []string{m.Scenarios[0].State, m.Scenarios[1].State, m.Scenarios[2].State})
	assert.Equal(t, []finding.Kind{finding.TestFailing}, []finding.Kind{m.Scenarios[1].Findings[0].Kind})
	assert.Len(t, m.Scenarios[1].Findings, 1)
	assert.Empty(t, m.Scenarios[2].Findings)
	assert.Equal(t, coverage.Cell{Proven: 1, Missing: 1, Failing: 1}, m.Summary())
	assert.Equal(t, coverage.Cell{}, coverage.Matrix{}.Summary())
}

// TestMatrixComplete: the matrix is complete (ah report exits 0) only
// with no missing, no failing and no test-less scenario; not run, waived
// and out of scope do not fail it.
func TestMatrixComplete(t *testing.T) {
	row := func(c coverage.Cell) coverage.Matrix {
		return coverage.Matrix{Rows: []coverage.Row{{Spec: "TOTAL", Cells: []coverage.Cell{c}}}}
	}
	assert.True(t, row(coverage.Cell{Proven: 2}).Complete())
	assert.True(t, row(coverage.Cell{Proven: 2, NotRun: 1, Waived: 1, OutOfScope: 1}).Complete())
	assert.True(t, coverage.Matrix{}.Complete(), "nothing in scope is nothing missing")
	assert.False(t, row(coverage.Cell{Proven: 2, Missing: 1}).Complete())
	assert.False(t, row(coverage.Cell{Proven: 2, Failing: 1}).Complete())
	assert.False(t, row(coverage.Cell{Proven: 2, NoTests: 1}).Complete())
}

// TestStates: one table of what each unit becomes. Only a run that passed
// proves; a valid contract whose tests did not run is not run; a contract
// with no test and nothing else wrong is no tests yet, not failing; a
// broken contract that also lacks tests is failing; the statuses scope
// and waivers set are counted apart.
func TestStates(t *testing.T) {
	line := 1
	sc := finding.ScenarioRef{ID: "s", Line: &line}
	on := func(k finding.Kind) finding.Finding {
		return finding.New(k, string(k)).WithScenario("c", "openspec/specs/c/spec.md", sc)
	}
	for _, tt := range []struct {
		name, status string
		findings     []finding.Finding
		want         string
	}{
		{"passed", report.UnitPassed, nil, coverage.Proven},
		{"valid, tests not run", report.UnitValid, nil, coverage.NotRun},
		{"interrupted", report.UnitNotRun, nil, coverage.NotRun},
		{"failed", report.UnitFailed, []finding.Finding{on(finding.TestFailing)}, coverage.Failing},
		{"no contract", report.UnitInvalid, []finding.Finding{on(finding.NoTOML)}, coverage.Missing},
		{"unbound stub", report.UnitInvalid, []finding.Finding{on(finding.NoTestsDeclared)}, coverage.NoTests},
		{"stub and broken", report.UnitInvalid, []finding.Finding{on(finding.NoTestsDeclared), on(finding.InvalidStatus)}, coverage.Failing},
		{"malformed", report.UnitInvalid, []finding.Finding{on(finding.MalformedContract)}, coverage.Failing},
		{"waived", "waived", nil, coverage.Waived},
		{"out of scope", "out_of_scope", nil, coverage.OutOfScope},
	} {
		t.Run(tt.name, func(t *testing.T) {
			u := unit("c", "s", tt.status)
			m := coverage.Build(fstest.MapFS{}, report.Report{Units: []report.Unit{u}, Findings: tt.findings})
			assert.Equal(t, tt.want, m.Scenarios[0].State)
			assert.Equal(t, 1, m.Summary().Count(tt.want))
			assert.Len(t, m.InState(tt.want), 1)
		})
	}
}

// TestBuildRequirementAndExecutions: each scenario names the requirement
// holding it and the executions that ran its bindings.
func TestBuildRequirementAndExecutions(t *testing.T) {
	fsys := fstest.MapFS{"openspec/specs/a/spec.md": {Data: []byte("# a\n\n## Requirements\n\n### Requirement: Alpha\n\n#### Scenario: S\n- THEN s\n\n### Requirement: Beta\n\n#### Scenario: T\n- THEN t\n")}}
	s, u := unit("a", "s", report.UnitPassed), unit("a", "t", report.UnitFailed)
	sl, tl := 7, 12
	s.Scenario.Line, u.Scenario.Line = &sl, &tl
	s.Bindings = []report.Binding{{Ref: "a/s tests.shell[0]"}}
	runs := []report.Execution{{Command: "true", Bindings: []string{"a/s tests.shell[0]"}}, {Command: "false", Bindings: []string{"a/t tests.shell[0]"}}}
	m := coverage.Build(fsys, report.Report{Units: []report.Unit{s, u}, Executions: &runs})
	assert.Equal(t, "Alpha", m.Scenarios[0].Requirement)
	assert.Equal(t, "Beta", m.Scenarios[1].Requirement)
	assert.Equal(t, []report.Execution{runs[0]}, m.Scenarios[0].Executions)
	assert.Empty(t, m.Scenarios[1].Executions, "no binding of its own")
}

// TestProofs: a covered scenario whose tests ran is proven by tests only
// when every binding rested on named tests; one binding on an exit code
// makes it exit-code (issue 23), one on go's test cache makes it cache
// (issue 36). A pass carried from an evidence snapshot is proven, counted
// apart as carried (issue 41). Without a run there is no proof.
func TestProofs(t *testing.T) {
	withBindings := func(id string, evidence ...string) report.Unit {
		u := unit("p", id, report.UnitPassed)
		for _, e := range evidence {
			u.Bindings = append(u.Bindings, report.Binding{Verdict: "passed", Evidence: e})
		}
		return u
	}
	rep := report.Report{Units: []report.Unit{
		withBindings("tests", report.EvidenceTests, report.EvidenceTests),
		withBindings("mixed", report.EvidenceTests, report.EvidenceExitCode),
		withBindings("missing", report.EvidenceReportMissing),
		withBindings("cached", report.EvidenceTests, report.EvidenceCache),
		withBindings("cache-and-exit", report.EvidenceCache, report.EvidenceExitCode),
		unit("p", "valid", report.UnitValid),
		unit("p", "carried", report.UnitCarried),
	}}
	m := coverage.Build(fstest.MapFS{}, rep)
	var got []string
	for _, sc := range m.Scenarios {
		got = append(got, sc.Proof)
	}
	assert.Equal(t, []string{coverage.ProofTests, coverage.ProofExitCode, coverage.ProofExitCode, coverage.ProofCache, coverage.ProofExitCode, "", coverage.ProofCarried}, got)
	assert.Equal(t, coverage.Proofs{Tests: 1, Cache: 1, ExitCode: 3, Carried: 1}, m.Proofs())
	assert.Equal(t, coverage.Proven, m.Scenarios[6].State)
}

// TestBuildCountsOutOfScope: scenarios [scope] leaves out are counted in
// their capability's row and the summary as out of scope, never dropped
// (ah check says "1 out of scope"; ah report must say the same).
func TestBuildCountsOutOfScope(t *testing.T) {
	rep := report.Report{
		Units:      []report.Unit{unit("a", "in", report.UnitPassed)},
		OutOfScope: []report.Unit{unit("b", "out", report.UnitOutOfScope)},
	}
	m := coverage.Build(fstest.MapFS{}, rep)
	assert.Equal(t, coverage.Cell{Proven: 1, OutOfScope: 1}, m.Summary())
	assert.Equal(t, []string{"a", "b", "TOTAL"}, []string{m.Rows[0].Spec, m.Rows[1].Spec, m.Rows[2].Spec})
	assert.Equal(t, []string{"proven", "out_of_scope"}, []string{m.Scenarios[0].State, m.Scenarios[1].State})
}
