package output

import (
	"fmt"
	"io"

	"github.com/espectacular/ah/core/evidence"
	"github.com/espectacular/ah/core/report"
)

// VerifyText prints ah verify's result for people: one line per contract
// that is not fresh and passed, then the count and the next step.
type VerifyText struct {
	w    io.Writer
	file string
}

// NewVerifyText prints the verification of the snapshot file.
func NewVerifyText(w io.Writer, file string) *VerifyText { return &VerifyText{w: w, file: file} }

// Print implements PrinterOf.
func (p *VerifyText) Print(r evidence.Result) error {
	fmt.Fprintf(p.w, "snapshot of tree %s, current tree %s: %s\n", shortID(r.Snapshot), shortID(r.Tree), count(len(r.ChangedFiles), "changed file", "changed files"))
	for _, c := range r.Contracts {
		switch {
		case c.State == evidence.Fresh && c.Verdict != report.UnitPassed:
			fmt.Fprintf(p.w, "fresh  %s: %s in the snapshot\n", Escape(c.Key), Escape(c.Verdict))
		case c.State == evidence.Fresh && c.Detail != "":
			fmt.Fprintf(p.w, "fresh  %s: %s\n", Escape(c.Key), Escape(c.Detail))
		case c.State == evidence.Stale && c.File != "":
			fmt.Fprintf(p.w, "stale  %s: %s changed (%s: %s)\n", Escape(c.Key), Escape(c.File), c.Rule, Escape(c.Detail))
		case c.State != evidence.Fresh:
			fmt.Fprintf(p.w, "%-6s %s: %s\n", c.State, Escape(c.Key), Escape(c.Detail))
		}
	}
	verdict := "the snapshot proves this tree"
	if !r.OK {
		verdict = fmt.Sprintf("the snapshot does not prove this tree: run ah check --run-tests --strict --carry %s to run only what is not fresh and proven", Escape(p.file))
	}
	_, err := fmt.Fprintf(p.w, "%d fresh, %d stale: %s\n", r.Fresh, r.Stale, verdict)
	return err
}
