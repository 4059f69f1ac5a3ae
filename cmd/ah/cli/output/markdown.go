package output

import (
	"fmt"
	"io"
	"strings"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/report"
)

// Markdown writes the report for a pull-request comment or a GitHub step
// summary: a heading with the verdict, a summary table, a findings table,
// then the failing tests' text and tails folded in <details>. Values from
// outside ah are escaped so a scenario title or message cannot break the
// table or open a code span.
type Markdown struct {
	w io.Writer
	o Options
}

// NewMarkdown returns the Markdown printer.
func NewMarkdown(w io.Writer, o Options) *Markdown { return &Markdown{w: w, o: o} }

// Print writes the Markdown document.
func (p *Markdown) Print(r report.Report) error {
	var b strings.Builder
	verdict := "passed"
	if r.Failed() {
		verdict = "FAILED"
	}
	fmt.Fprintf(&b, "## %s: %s\n\n", p.o.command(), verdict)
	s := r.Summary
	head := "| Scenarios | Structural | Execution | Warnings |"
	row := fmt.Sprintf("| %d | %d | %d | %d |", s.Scenarios, s.Structural, s.Execution, s.Warnings)
	if r.Executions != nil {
		head += " Tests passed |"
		row += fmt.Sprintf(" %d |", s.Passed)
	}
	if p.o.DurationMS != nil {
		head += " Duration |"
		row += " " + secondsText(*p.o.DurationMS) + " |"
	}
	fmt.Fprintf(&b, "%s\n|%s\n%s\n", head, strings.Repeat(" --- |", strings.Count(head, "|")-1), row)
	if n := notSelected(r); n > 0 {
		fmt.Fprintf(&b, "\n%s not run: not affected by the change.\n", count(n, "scenario", "scenarios"))
	}
	if s.Carried > 0 {
		fmt.Fprintf(&b, "\n%s carried from the evidence snapshot of tree `%s`: no change since affects them; their tests were not run.\n", count(s.Carried, "scenario", "scenarios"), shortID(carriedFrom(r)))
	}
	writeWaiversMarkdown(&b, r)
	if len(r.Findings) > 0 {
		b.WriteString("\n### Findings\n\n| Severity | Kind | Where | Message |\n| --- | --- | --- | --- |\n")
		for _, f := range r.Findings {
			fmt.Fprintf(&b, "| %s | `%s` | %s | %s |\n", f.Severity, f.Kind, mdCell(where(f)), mdCell(f.Message))
		}
		for _, f := range r.Findings {
			if f.Test != nil {
				writeDetails(&b, f)
			}
		}
	}
	_, err := io.WriteString(p.w, b.String())
	return err
}

// writeWaiversMarkdown lists the waived scenarios with their recorded
// decisions (issue 39): counted apart, never passed, never hidden.
func writeWaiversMarkdown(b *strings.Builder, r report.Report) {
	first := true
	for _, u := range r.Units {
		if u.Waiver == nil {
			continue
		}
		if first {
			b.WriteString("\n### Waived\n\n| Scenario | Contract | Decision |\n| --- | --- | --- |\n")
			first = false
		}
		fmt.Fprintf(b, "| %s | %s | %s |\n", mdCell(u.Capability+"/"+u.Scenario.ID), mdCell(u.ContractPath), mdCell(waiverText(u)))
	}
}

// where is a finding's location: the scenario heading when there is one,
// else the contract or spec file.
func where(f finding.Finding) string {
	switch {
	case f.Scenario != nil && f.Scenario.Line != nil:
		return fmt.Sprintf("%s:%d (%s/%s)", f.SpecPath, *f.Scenario.Line, f.Spec, f.Scenario.ID)
	case f.Heading != nil:
		return fmt.Sprintf("%s:%d", f.SpecPath, f.Heading.Line)
	case f.ContractPath != "":
		return f.ContractPath
	}
	return f.SpecPath
}

// writeDetails folds an execution finding's long text under its message.
func writeDetails(b *strings.Builder, f finding.Finding) {
	text := detail(f)
	fence := "```"
	for strings.Contains(text, fence) {
		fence += "`"
	}
	fmt.Fprintf(b, "\n<details><summary>%s</summary>\n\n%stext\n%s%s\n\n</details>\n",
		mdCell(f.Message), fence, text, fence)
}

// mdCell makes s safe inside a Markdown table cell (and an HTML summary):
// | would end the cell, a backtick open a code span, < and & start HTML,
// and a newline end the row.
var mdCell = strings.NewReplacer(
	`\`, `\\`, "|", `\|`, "`", "\\`", "<", "&lt;", ">", "&gt;", "&", "&amp;",
	"\r\n", "<br>", "\n", "<br>", "\r", "<br>",
).Replace
