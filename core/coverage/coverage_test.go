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
		Scenario:     finding.Scenario{ID: id, Line: &line}, Status: status,
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
		{Spec: "a", Cells: []coverage.Cell{{}, {}, {}, {}, {}, {Covered: 1, Missing: 1}}},
		{Spec: "b", Cells: []coverage.Cell{{Covered: 1}, {}, {}, {}, {Failing: 1}, {}}},
		{Spec: "TOTAL", Cells: []coverage.Cell{{Covered: 1}, {}, {}, {}, {Failing: 1}, {Covered: 1, Missing: 1}}},
	}
	assert.Equal(t, want, m.Rows)
	assert.Equal(t, coverage.Cell{Covered: 2, Missing: 1, Failing: 1}, m.Summary())
	assert.Equal(t, []string{"covered", "failing", "missing", "covered"},
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
	assert.Equal(t, []string{"missing", "failing", "covered"}, []string{m.Scenarios[0].State, m.Scenarios[1].State, m.Scenarios[2].State})
	assert.Equal(t, []finding.Kind{finding.TestFailing}, []finding.Kind{m.Scenarios[1].Findings[0].Kind})
	assert.Len(t, m.Scenarios[1].Findings, 1)
	assert.Empty(t, m.Scenarios[2].Findings)
	assert.Equal(t, coverage.Cell{Covered: 1, Missing: 1, Failing: 1}, m.Summary())
	assert.Equal(t, coverage.Cell{}, coverage.Matrix{}.Summary())
}

// TestMatrixComplete: the matrix is complete (ah report exits 0) only
// with no missing and no failing scenario.
func TestMatrixComplete(t *testing.T) {
	row := func(c coverage.Cell) coverage.Matrix {
		return coverage.Matrix{Rows: []coverage.Row{{Spec: "TOTAL", Cells: []coverage.Cell{c}}}}
	}
	assert.True(t, row(coverage.Cell{Covered: 2}).Complete())
	assert.True(t, coverage.Matrix{}.Complete(), "nothing in scope is nothing missing")
	assert.False(t, row(coverage.Cell{Covered: 2, Missing: 1}).Complete())
	assert.False(t, row(coverage.Cell{Covered: 2, Failing: 1}).Complete())
}

// TestProofs: a covered scenario whose tests ran is proven by tests only
// when every binding rested on named tests; one binding on an exit code
// makes it exit-code (issue 23). Without a run there is no proof.
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
		unit("p", "valid", report.UnitValid),
	}}
	m := coverage.Build(fstest.MapFS{}, rep)
	assert.Equal(t, []string{coverage.ProofTests, coverage.ProofExitCode, coverage.ProofExitCode, ""},
		[]string{m.Scenarios[0].Proof, m.Scenarios[1].Proof, m.Scenarios[2].Proof, m.Scenarios[3].Proof})
	assert.Equal(t, coverage.Proofs{Tests: 1, ExitCode: 2}, m.Proofs())
}
