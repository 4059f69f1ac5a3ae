package output

import (
	"fmt"
	"io"
	"strings"

	"github.com/espectacular/ah/core/coverage"
)

// CoverageText prints the matrix of ah report as a fixed-width table, a
// cell reading covered/missing/failing, then the totals line.
//
// With ran (--run-tests), a last line splits the covered scenarios by what
// proved them: named tests, or an exit status alone.
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
	s := m.Summary()
	fmt.Fprintf(&b, "\ncells: covered/missing/failing\ncovered: %d | missing: %d | failing: %d | total: %d\n",
		s.Covered, s.Missing, s.Failing, s.Covered+s.Missing+s.Failing)
	if ran {
		p := m.Proofs()
		fmt.Fprintf(&b, "proven by named tests: %d | by an exit code alone: %d (ah explain evidence)\n", p.Tests, p.ExitCode)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func cellText(c coverage.Cell) string {
	if c == (coverage.Cell{}) {
		return "-"
	}
	return fmt.Sprintf("%d/%d/%d", c.Covered, c.Missing, c.Failing)
}

// CoverageMarkdown prints the matrix for a CI step summary.
func CoverageMarkdown(w io.Writer, m coverage.Matrix) error {
	cols := coverage.Columns()
	s := m.Summary()
	verdict := "complete"
	if s.Missing+s.Failing > 0 {
		verdict = "INCOMPLETE"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "## ah report: coverage %s\n\n", verdict)
	fmt.Fprintf(&b, "Covered %d, missing %d, failing %d of %d scenarios. Each cell: covered / missing / failing.\n\n",
		s.Covered, s.Missing, s.Failing, s.Covered+s.Missing+s.Failing)
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
type CoverageMarkdownPrinter struct{ w io.Writer }

// NewCoverageMarkdown returns the markdown printer of ah report.
func NewCoverageMarkdown(w io.Writer) *CoverageMarkdownPrinter { return &CoverageMarkdownPrinter{w: w} }

// Print writes m.
func (p *CoverageMarkdownPrinter) Print(m coverage.Matrix) error { return CoverageMarkdown(p.w, m) }

// MatrixData is the data of the report envelope.
type MatrixData struct {
	Matrix    []matrixRowJSON    `json:"matrix"`
	Summary   matrixSummaryJSON  `json:"summary"`
	Scenarios []scenarioCellJSON `json:"scenarios"`
}

type matrixRowJSON struct {
	Spec      string `json:"spec"`
	Archetype string `json:"archetype"`
	Covered   int    `json:"covered"`
	Missing   int    `json:"missing"`
	Failing   int    `json:"failing"`
}

type matrixSummaryJSON struct {
	Scenarios int `json:"scenarios"`
	Covered   int `json:"covered"`
	Missing   int `json:"missing"`
	Failing   int `json:"failing"`
	// ProvenByTests and ProvenByExitCode split the covered scenarios by
	// what proved them, only with --run-tests (issue 23).
	ProvenByTests    *int `json:"proven_by_tests,omitempty"`
	ProvenByExitCode *int `json:"proven_by_exit_code,omitempty"`
}

type scenarioCellJSON struct {
	Spec         string `json:"spec"`
	ID           string `json:"id"`
	Archetype    string `json:"archetype"`
	State        string `json:"state"`
	ContractPath string `json:"contract_path"`
	Proof        string `json:"proof,omitempty"`
}

// NewMatrixData is the JSON form: a row per capability (then TOTAL) and
// archetype column, every column present.
func NewMatrixData(m coverage.Matrix, ran bool) MatrixData {
	out := MatrixData{Matrix: []matrixRowJSON{}, Scenarios: []scenarioCellJSON{}}
	cols := coverage.Columns()
	for _, r := range m.Rows {
		for i, cell := range r.Cells {
			out.Matrix = append(out.Matrix, matrixRowJSON{r.Spec, cols[i], cell.Covered, cell.Missing, cell.Failing})
		}
	}
	s := m.Summary()
	out.Summary = matrixSummaryJSON{Scenarios: s.Covered + s.Missing + s.Failing, Covered: s.Covered, Missing: s.Missing, Failing: s.Failing}
	if ran {
		p := m.Proofs()
		out.Summary.ProvenByTests, out.Summary.ProvenByExitCode = &p.Tests, &p.ExitCode
	}
	for _, sc := range m.Scenarios {
		out.Scenarios = append(out.Scenarios, scenarioCellJSON{sc.Unit.Capability, sc.Unit.Scenario.ID, sc.Archetype, sc.State, sc.Unit.ContractPath, sc.Proof})
	}
	return out
}
