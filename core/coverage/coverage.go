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

// Cell counts the scenarios of one capability and archetype by state.
type Cell struct{ Proven, Failing, NoTests, Missing, Waived, OutOfScope, NotRun int }

// Add counts one scenario in state.
func (c *Cell) Add(state string) { *c.count(state)++ }

// count is the counter of state; an unknown state counts as failing, so
// nothing is ever dropped or passed by mistake.
func (c *Cell) count(state string) *int {
	switch state {
	case Proven:
		return &c.Proven
	case NoTests:
		return &c.NoTests
	case Missing:
		return &c.Missing
	case Waived:
		return &c.Waived
	case OutOfScope:
		return &c.OutOfScope
	case NotRun:
		return &c.NotRun
	}
	return &c.Failing
}

// Count is the number of scenarios in state.
func (c Cell) Count(state string) int { return *c.count(state) }

// Total is the number of scenarios the cell counts.
func (c Cell) Total() int {
	return c.Proven + c.Failing + c.NoTests + c.Missing + c.Waived + c.OutOfScope + c.NotRun
}

func (c *Cell) plus(o Cell) {
	for _, s := range States() {
		*c.count(s) += o.Count(s)
	}
}

// Row is one capability (or TOTAL); Cells are in Columns order.
type Row struct {
	Spec  string
	Cells []Cell
}

// Proofs of a proven scenario whose tests ran (issues 23 and 36): by named
// tests that ran in this check, by named tests some of which the framework
// replayed from its cache (go test), or by an exit status alone (a shell
// or generic runner, a custom runner's envelope). A scenario counts as its
// weakest binding: exit-code, then cache, then tests. ProofCarried is a
// pass ah report --carry took from an evidence snapshot (issue 41): its
// tests ran on the tree the unit's CarriedFrom names, not in this report.
const (
	ProofTests    = "tests"
	ProofCache    = "cache"
	ProofExitCode = "exit-code"
	ProofCarried  = "carried"
)

// Proofs counts proven scenarios by what proved them; zero when tests
// did not run.
type Proofs struct{ Tests, Cache, ExitCode, Carried int }

// Proofs counts the proven scenarios by their proof.
func (m Matrix) Proofs() Proofs {
	var p Proofs
	for _, s := range m.Scenarios {
		switch s.Proof {
		case ProofTests:
			p.Tests++
		case ProofCache:
			p.Cache++
		case ProofExitCode:
			p.ExitCode++
		case ProofCarried:
			p.Carried++
		}
	}
	return p
}

// proofOf is what proved a proven unit whose tests ran; empty when they
// did not run.
func proofOf(u report.Unit) string {
	if u.Status == report.UnitCarried {
		return ProofCarried
	}
	if u.Status != report.UnitPassed || len(u.Bindings) == 0 {
		return ""
	}
	proof := ProofTests
	for _, b := range u.Bindings {
		switch b.Evidence {
		case report.EvidenceTests:
		case report.EvidenceCache:
			proof = ProofCache
		default:
			return ProofExitCode
		}
	}
	return proof
}

// Entry is one scenario's place in the matrix.
type Entry struct {
	Unit      report.Unit
	Archetype string
	State     string
	// Requirement is the name of the requirement holding the scenario in
	// its spec file; empty when it sits under none.
	Requirement string
	// Findings are the unit's findings, for the HTML page.
	Findings []finding.Finding
	// Executions are the invocations that ran the unit's bindings, in run
	// order; empty without --run-tests.
	Executions []report.Execution
	// Proof is what proved a proven scenario whose tests ran (Proof*);
	// empty otherwise.
	Proof string
}

// Matrix is the coverage matrix.
type Matrix struct {
	Rows      []Row
	Scenarios []Entry
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
		s.plus(c)
	}
	return s
}

// Complete is ah report's gate rule: no scenario in scope is missing its
// contract, without tests or failing (exit 1 otherwise). Not run, waived
// and out of scope do not fail it; only proven is ever called a pass.
func (m Matrix) Complete() bool {
	s := m.Summary()
	return s.Missing+s.Failing+s.NoTests == 0
}

// InState lists the scenarios in state, in check order.
func (m Matrix) InState(state string) []Entry {
	var out []Entry
	for _, s := range m.Scenarios {
		if s.State == state {
			out = append(out, s)
		}
	}
	return out
}

// Build computes the matrix of rep; fsys is read for each contract's
// archetype and each spec for its requirements. See stateOf for the
// states.
func Build(fsys fs.FS, rep report.Report) Matrix {
	cols := Columns()
	var m Matrix
	rows := map[string]int{}
	reqs := requirements{}
	total := Row{Spec: Total, Cells: make([]Cell, len(cols))}
	// Out-of-scope scenarios are counted, as ah check counts them, never
	// dropped from the matrix nor passed.
	units := append(slices.Clip(rep.Units), rep.OutOfScope...)
	for _, u := range units {
		s := classify(fsys, u, unitFindings(rep.Findings, u))
		s.Requirement = reqs.of(fsys, u)
		s.Executions = unitExecutions(rep.Executions, u)
		m.Scenarios = append(m.Scenarios, s)
		i, ok := rows[u.Capability]
		if !ok {
			i = len(m.Rows)
			rows[u.Capability] = i
			m.Rows = append(m.Rows, Row{Spec: u.Capability, Cells: make([]Cell, len(cols))})
		}
		col := slices.Index(cols, s.Archetype)
		m.Rows[i].Cells[col].Add(s.State)
		total.Cells[col].Add(s.State)
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
func classify(fsys fs.FS, u report.Unit, fs []finding.Finding) Entry {
	s := Entry{Unit: u, Archetype: Unassigned, Findings: fs, State: stateOf(u, fs)}
	if s.State == Proven {
		s.Proof = proofOf(u)
	}
	if s.State == Missing {
		return s
	}
	if data, err := repofs.ReadFile(fsys, u.ContractPath, repofs.ContractLimit); err == nil {
		if c, _ := contract.Decode(u.ContractPath, data); archetype.Valid(c.Archetype) {
			s.Archetype = c.Archetype
		}
	}
	return s
}
