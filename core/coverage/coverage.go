package coverage

import (
	"io/fs"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/archetype"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/repofs"
	"github.com/espectacular/ah/core/report"
)

// Unassigned is the column of scenarios without a contract (and of
// contracts naming no known archetype).
const Unassigned = "unassigned"

// Total is the Spec of the row summing every capability.
const Total = "TOTAL"

// Scenario states.
const (
	Covered = "covered"
	Missing = "missing"
	Failing = "failing"
)

// Cell counts the scenarios of one capability and archetype.
type Cell struct{ Covered, Missing, Failing int }

// Proofs of a covered scenario whose tests ran (issue 23): by named tests
// in a structured report, or by an exit status alone (a shell or generic
// runner, a custom runner's envelope, an adapter whose report was
// missing). A scenario with both kinds of binding counts as exit-code: it
// is only as proven as its weakest binding.
const (
	ProofTests    = "tests"
	ProofExitCode = "exit-code"
)

// Proofs counts covered scenarios by what proved them; zero when tests
// did not run.
type Proofs struct{ Tests, ExitCode int }

// Proofs counts the covered scenarios by their proof.
func (m Matrix) Proofs() Proofs {
	var p Proofs
	for _, s := range m.Scenarios {
		switch s.Proof {
		case ProofTests:
			p.Tests++
		case ProofExitCode:
			p.ExitCode++
		}
	}
	return p
}

// proofOf is what proved a covered unit whose tests ran; empty when they
// did not run.
func proofOf(u report.Unit) string {
	if u.Status != report.UnitPassed || len(u.Bindings) == 0 {
		return ""
	}
	for _, b := range u.Bindings {
		if b.Evidence != report.EvidenceTests {
			return ProofExitCode
		}
	}
	return ProofTests
}

func (c *Cell) add(state string) {
	switch state {
	case Covered:
		c.Covered++
	case Missing:
		c.Missing++
	default:
		c.Failing++
	}
}

// Row is one capability (or TOTAL); Cells are in Columns order.
type Row struct {
	Spec  string
	Cells []Cell
}

// Scenario is one scenario's place in the matrix.
type Scenario struct {
	Unit      report.Unit
	Archetype string
	State     string
	// Proof is what proved a covered scenario whose tests ran (Proof*);
	// empty otherwise.
	Proof string
	// Findings are the unit's findings, for the HTML page.
	Findings []finding.Finding
}

// Matrix is the coverage matrix.
type Matrix struct {
	Rows      []Row
	Scenarios []Scenario
}

// Columns are the matrix's columns: the archetypes in catalog order, then
// unassigned.
func Columns() []string { return append(archetype.Codes(), Unassigned) }

// Summary sums the TOTAL row.
func (m Matrix) Summary() Cell {
	var s Cell
	if len(m.Rows) == 0 {
		return s
	}
	for _, c := range m.Rows[len(m.Rows)-1].Cells {
		s.Covered += c.Covered
		s.Missing += c.Missing
		s.Failing += c.Failing
	}
	return s
}

// Complete is ah report's gate rule: every scenario in scope is covered,
// none missing or failing (exit 1 otherwise).
func (m Matrix) Complete() bool {
	s := m.Summary()
	return s.Missing+s.Failing == 0
}

// Build computes the matrix of rep; fsys is read for each contract's
// archetype. A scenario is covered when its contract is structurally valid
// and, when tests ran, they passed; missing when it has no contract;
// failing otherwise (a broken contract, a failing or unfinished test).
func Build(fsys fs.FS, rep report.Report) Matrix {
	cols := Columns()
	var m Matrix
	rows := map[string]int{}
	total := Row{Spec: Total, Cells: make([]Cell, len(cols))}
	for _, u := range rep.Units {
		s := classify(fsys, u, unitFindings(rep.Findings, u))
		m.Scenarios = append(m.Scenarios, s)
		i, ok := rows[u.Capability]
		if !ok {
			i = len(m.Rows)
			rows[u.Capability] = i
			m.Rows = append(m.Rows, Row{Spec: u.Capability, Cells: make([]Cell, len(cols))})
		}
		col := slices.Index(cols, s.Archetype)
		m.Rows[i].Cells[col].add(s.State)
		total.Cells[col].add(s.State)
	}
	slices.SortStableFunc(m.Rows, func(a, b Row) int { return strings.Compare(a.Spec, b.Spec) })
	m.Rows = append(m.Rows, total)
	return m
}

// unitFindings are the findings about u's scenario.
func unitFindings(all []finding.Finding, u report.Unit) []finding.Finding {
	var out []finding.Finding
	for _, f := range all {
		if f.Scenario != nil && f.SpecPath == u.SpecPath && f.Scenario.ID == u.Scenario.ID && f.Scenario.Line != nil &&
			u.Scenario.Line != nil && *f.Scenario.Line == *u.Scenario.Line {
			out = append(out, f)
		}
	}
	return out
}

// classify places one unit.
func classify(fsys fs.FS, u report.Unit, fs []finding.Finding) Scenario {
	s := Scenario{Unit: u, Archetype: Unassigned, Findings: fs}
	if slices.ContainsFunc(fs, func(f finding.Finding) bool {
		return f.Kind == finding.NoTOML || f.Kind == finding.EmptyScenarioID
	}) {
		s.State = Missing
		return s
	}
	if data, err := repofs.ReadFile(fsys, u.ContractPath, repofs.ContractLimit); err == nil {
		if c, _ := contract.Decode(u.ContractPath, data); archetype.Valid(c.Archetype) {
			s.Archetype = c.Archetype
		}
	}
	switch u.Status {
	case report.UnitValid, report.UnitPassed:
		s.State, s.Proof = Covered, proofOf(u)
	default:
		s.State = Failing
	}
	return s
}
