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
