package output

import (
	"fmt"
	"io"
	"strings"

	"github.com/espectacular/ah/core/coverage"
)

// CoverageText prints the matrix of ah report as a fixed-width table, a
// cell reading proven/missing/failing, then a count per state and the
// scenarios in each state that is not proven (at most listLimit each).
//
// With ran (--run-tests), a line splits the proven scenarios by what
// proved them: named tests, cached results, or an exit status alone
// (issues 23 and 36).
func CoverageText(w io.Writer, m coverage.Matrix, ran bool) error {
	cols := coverage.Columns()
	width := len(coverage.Total)
	for _, r := range m.Rows {
		width = max(width, len(Escape(r.Spec)))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%-*s", width, "spec")
	for _, c := range cols {
		fmt.Fprintf(&b, "  %10s", c)
	}
	b.WriteString("\n")
	for _, r := range m.Rows {
		fmt.Fprintf(&b, "%-*s", width, Escape(r.Spec))
		for _, c := range r.Cells {
			fmt.Fprintf(&b, "  %10s", cellText(c))
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "\ncells: proven/missing/failing; the other states are counted below\n%s\n", stateCounts(m.Summary()))
	if ran {
		fmt.Fprintf(&b, "%s\n", proofsLine(m))
	}
	for _, st := range coverage.States()[1:] {
		in := m.InState(st)
		if len(in) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n%s (%d)%s:\n", coverage.Label(st), len(in), stateHint(st))
		for i, sc := range in {
			if i == listLimit {
				fmt.Fprintf(&b, "  ... and %d more (ah report --json lists every scenario)\n", len(in)-listLimit)
				break
			}
			fmt.Fprintf(&b, "  %s/%s  %s%s\n", Escape(sc.Unit.Capability), Escape(sc.Unit.Scenario.ID), Escape(sc.Unit.ContractPath), waiverNote(sc))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// proofsLine splits the proven scenarios by what proved them (text and
// Markdown say the same); the carried ones (ah report --carry, issue 41)
// only when there are some, naming the tree that proved them.
func proofsLine(m coverage.Matrix) string {
	p := m.Proofs()
	line := fmt.Sprintf("proven by named tests: %d | by cached results: %d | by an exit code alone: %d", p.Tests, p.Cache, p.ExitCode)
	topics := "ah explain evidence, ah explain cache"
	if p.Carried > 0 {
		line += fmt.Sprintf(" | carried from tree %s: %d", shortID(carriedTree(m)), p.Carried)
		topics += ", ah explain carried"
	}
	return line + " (" + topics + ")"
}

// carriedTree is the tree whose evidence snapshot the carried scenarios
// of m came from ("" when none was carried).
func carriedTree(m coverage.Matrix) string {
	for _, s := range m.Scenarios {
		if s.Unit.CarriedFrom != "" {
			return s.Unit.CarriedFrom
		}
	}
	return ""
}

// waiverNote is ", <decision>" for a waived scenario, else "".
func waiverNote(sc coverage.Entry) string {
	if sc.Unit.Waiver == nil {
		return ""
	}
	return ", " + Escape(waiverText(sc.Unit))
}

// listLimit bounds each state's list in text: a corpus of 700 unbound
// stubs must not bury the table.
const listLimit = 20

// stateCounts is the line counting every state, then the total.
func stateCounts(c coverage.Cell) string {
	var parts []string
	for _, st := range coverage.States() {
		parts = append(parts, fmt.Sprintf("%s: %d", coverage.Label(st), c.Count(st)))
	}
	return strings.Join(parts, " | ") + fmt.Sprintf(" | total: %d", c.Total())
}

// stateHint says what moves a scenario out of state.
func stateHint(state string) string {
	switch state {
	case coverage.Failing:
		return ", ah check --run-tests says why"
	case coverage.NoTests:
		return ", bind a test in each contract"
	case coverage.Missing:
		return ", ah contract new --all-missing writes stubs"
	case coverage.NotRun:
		return ", ah report --run-tests proves them"
	}
	return ""
}

// headline is the verdict of a report (issue 39): "coverage incomplete"
// when a scenario blocks, "nothing proven yet" when no test ran (a
// complete matrix of valid contracts proves nothing), else "coverage
// complete". unproven says nothing was proven because no test ran.
func headline(m coverage.Matrix, ran bool) (verdict string, unproven bool) {
	switch s := m.Summary(); {
	case !m.Complete():
		return "coverage incomplete", false
	case s.Total() > 0 && (!ran || s.Proven == 0):
		return "nothing proven yet", true
	}
	return "coverage complete", false
}

// NothingProven is the line saying what to run when no test ran.
const NothingProven = "no test ran: run `ah report --run-tests` to prove the scenarios (a valid contract is only not run until then)"

// CoverageMarkdown prints the matrix for a CI step summary; with ran
// (--run-tests), the proven scenarios split by what proved them.
func CoverageMarkdown(w io.Writer, m coverage.Matrix, ran bool) error {
	cols := coverage.Columns()
	s := m.Summary()
	verdict, unproven := headline(m, ran)
	if verdict == "coverage incomplete" {
		verdict = "coverage INCOMPLETE"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "## ah report: %s\n\n", verdict)
	if unproven {
		b.WriteString(NothingProven + ".\n\n")
	}
	fmt.Fprintf(&b, "%s. Each cell: proven / missing / failing.\n\n", stateCounts(s))
	if ran {
		fmt.Fprintf(&b, "%s.\n\n", mdCell(proofsLine(m)))
	}
	b.WriteString("| Spec |")
	for _, c := range cols {
		fmt.Fprintf(&b, " %s |", c)
	}
	b.WriteString("\n| --- |" + strings.Repeat(" ---: |", len(cols)) + "\n")
	for _, r := range m.Rows {
		name := mdCell(r.Spec)
		if r.Spec == coverage.Total {
			name = "**TOTAL**"
		}
		fmt.Fprintf(&b, "| %s |", name)
		for _, c := range r.Cells {
			fmt.Fprintf(&b, " %s |", cellText(c))
		}
		b.WriteString("\n")
	}
	if in := m.InState(coverage.Waived); len(in) > 0 {
		b.WriteString("\n### Waived\n\n| Scenario | Contract | Decision |\n| --- | --- | --- |\n")
		for _, sc := range in {
			fmt.Fprintf(&b, "| %s | %s | %s |\n", mdCell(sc.Unit.Capability+"/"+sc.Unit.Scenario.ID), mdCell(sc.Unit.ContractPath), mdCell(waiverText(sc.Unit)))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// CoverageTextPrinter prints the matrix as CoverageText does.
type CoverageTextPrinter struct {
	w io.Writer
	// ran: the matrix comes from a run of the tests (--run-tests).
	ran bool
}

// NewCoverageText returns the text printer of ah report.
func NewCoverageText(w io.Writer, ran bool) *CoverageTextPrinter {
	return &CoverageTextPrinter{w: w, ran: ran}
}

// Print writes m.
func (p *CoverageTextPrinter) Print(m coverage.Matrix) error { return CoverageText(p.w, m, p.ran) }

// CoverageMarkdownPrinter prints the matrix as CoverageMarkdown does.
type CoverageMarkdownPrinter struct {
	w   io.Writer
	ran bool
}

// NewCoverageMarkdown returns the markdown printer of ah report; ran says
// the tests were run (--run-tests).
func NewCoverageMarkdown(w io.Writer, ran bool) *CoverageMarkdownPrinter {
	return &CoverageMarkdownPrinter{w: w, ran: ran}
}

// Print writes m.
func (p *CoverageMarkdownPrinter) Print(m coverage.Matrix) error {
	return CoverageMarkdown(p.w, m, p.ran)
}

// MatrixData is the data of the report envelope.
type MatrixData struct {
	Matrix    []matrixRowJSON    `json:"matrix"`
	Summary   matrixSummaryJSON  `json:"summary"`
	Scenarios []scenarioCellJSON `json:"scenarios"`
}

type matrixRowJSON struct {
	Spec      string `json:"spec"`
	Archetype string `json:"archetype"`
	countsJSON
}

// countsJSON counts scenarios by state; covered is the seed's name for
// proven (seed 004 "Machine-readable matrix output").
type countsJSON struct {
	Covered    int `json:"covered"`
	Missing    int `json:"missing"`
	Failing    int `json:"failing"`
	NoTests    int `json:"no_tests"`
	NotRun     int `json:"not_run"`
	Waived     int `json:"waived"`
	OutOfScope int `json:"out_of_scope"`
}

func newCounts(c coverage.Cell) countsJSON {
	return countsJSON{c.Proven, c.Missing, c.Failing, c.NoTests, c.NotRun, c.Waived, c.OutOfScope}
}

type matrixSummaryJSON struct {
	Scenarios int `json:"scenarios"`
	countsJSON
	// ProvenByTests, ProvenByCache and ProvenByExitCode split the proven
	// scenarios by what proved them, only with --run-tests (issues 23, 36).
	ProvenByTests    *int `json:"proven_by_tests,omitempty"`
	ProvenByCache    *int `json:"proven_by_cache,omitempty"`
	ProvenByExitCode *int `json:"proven_by_exit_code,omitempty"`
	// ProvenByCarried counts the proven scenarios whose pass ah report
	// --carry took from an evidence snapshot, only when there are some
	// (issue 41).
	ProvenByCarried *int `json:"proven_by_carried,omitempty"`
}

type scenarioCellJSON struct {
	Spec         string `json:"spec"`
	ID           string `json:"id"`
	Title        string `json:"title"`
	Requirement  string `json:"requirement"`
	Archetype    string `json:"archetype"`
	State        string `json:"state"`
	ContractPath string `json:"contract_path"`
	Proof        string `json:"proof,omitempty"`
	// CarriedFrom is the tree whose run proved a carried scenario.
	CarriedFrom string `json:"carried_from,omitempty"`
	// Waiver is a waived scenario's recorded decision (issue 39).
	Waiver *waiverCellJSON `json:"waiver,omitempty"`
}

type waiverCellJSON struct {
	Reason  string `json:"reason"`
	Expires string `json:"expires,omitempty"`
}

// NewMatrixData is the JSON form: a row per capability (then TOTAL) and
// archetype column, every column present.
func NewMatrixData(m coverage.Matrix, ran bool) MatrixData {
	out := MatrixData{Matrix: []matrixRowJSON{}, Scenarios: []scenarioCellJSON{}}
	cols := coverage.Columns()
	for _, r := range m.Rows {
		for i, cell := range r.Cells {
			out.Matrix = append(out.Matrix, matrixRowJSON{r.Spec, cols[i], newCounts(cell)})
		}
	}
	s := m.Summary()
	out.Summary = matrixSummaryJSON{Scenarios: s.Total(), countsJSON: newCounts(s)}
	if ran {
		p := m.Proofs()
		out.Summary.ProvenByTests, out.Summary.ProvenByCache, out.Summary.ProvenByExitCode = &p.Tests, &p.Cache, &p.ExitCode
		if p.Carried > 0 {
			out.Summary.ProvenByCarried = &p.Carried
		}
	}
	for _, sc := range m.Scenarios {
		cell := scenarioCellJSON{sc.Unit.Capability, sc.Unit.Scenario.ID, sc.Unit.Scenario.Title,
			sc.Requirement, sc.Archetype, sc.State, sc.Unit.ContractPath, sc.Proof, sc.Unit.CarriedFrom, nil}
		if w := sc.Unit.Waiver; w != nil {
			cell.Waiver = &waiverCellJSON{w.Reason, w.Expires}
		}
		out.Scenarios = append(out.Scenarios, cell)
	}
	return out
}

func cellText(c coverage.Cell) string {
	if c.Total() == 0 {
		return "-"
	}
	return fmt.Sprintf("%d/%d/%d", c.Proven, c.Missing, c.Failing)
}
