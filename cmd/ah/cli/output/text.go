package output

import (
	"cmp"
	"fmt"
	"io"
	"strings"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/report"
)

// ANSI colours, used only when the caller says the output is a terminal.
const (
	red    = "\x1b[31m"
	yellow = "\x1b[33m"
	green  = "\x1b[32m"
	dim    = "\x1b[2m"
	reset  = "\x1b[0m"
)

// tailLines is how many trailing output lines a failing test shows.
const tailLines = 10

// Text prints a check report for people: one line per finding, compiler
// style (location: severity kind: message), the failing tests' output tails,
// the mechanical fix when there is one, and a summary line.
type Text struct {
	w     io.Writer
	color bool
	// durationMS is the whole run's duration, set only with --timings.
	durationMS *int64
	verbose    bool
}

// NewText returns the text printer writing to w.
func NewText(w io.Writer, o Options) *Text {
	return &Text{w: w, color: o.Color, durationMS: o.DurationMS, verbose: o.Verbose}
}

// Print writes the report, escaped for a terminal (sanitize.go).
func (p *Text) Print(r report.Report) error {
	r = sanitized(r)
	paint := func(c, s string) string {
		if !p.color {
			return s
		}
		return c + s + reset
	}
	var b strings.Builder
	for _, f := range r.Findings {
		sev := string(f.Severity)
		switch f.Severity {
		case finding.Error:
			sev = paint(red, sev)
		case finding.Warn:
			sev = paint(yellow, sev)
		}
		loc := location(f)
		msg := strings.TrimPrefix(f.Message, loc+": ")
		if f.Change != "" && !strings.HasPrefix(msg, fmt.Sprintf("change %q", f.Change)) {
			msg = "[change " + f.Change + "] " + msg
		}
		fmt.Fprintf(&b, "%s: %s %s: %s\n", loc, sev, f.Kind, msg)
		if f.Test != nil {
			writeTest(&b, f.Test, func(s string) string { return paint(dim, s) })
		}
		if fix := cmp.Or(f.ApplyCommand, f.Step); fix != nil {
			// The mechanical fix, as JSON's apply_command gives it to an
			// agent, or a step toward one: a person should not have to
			// compose it from the message.
			fmt.Fprintf(&b, "    fix: %s\n", *fix)
		}
	}
	writeWaivers(&b, r)
	writeEvidence(&b, r, p.verbose, func(s string) string { return paint(yellow, s) })
	if p.durationMS != nil {
		writeTimings(&b, r)
	}
	if r.Selection != nil {
		b.WriteString(selectionText(r.Selection) + "\n")
	}
	verdict := paint(green, "passed")
	switch {
	case r.Interrupted:
		verdict = paint(red, "interrupted")
	case r.Failed():
		verdict = paint(red, "FAILED")
	}
	changes := ""
	if len(r.Scope.Changes) > 0 {
		changes = " (with changes " + strings.Join(r.Scope.Changes, ", ") + ")"
	}
	if n := r.UncheckedChanges; n > 0 && len(r.Scope.Changes) == 0 {
		fmt.Fprintf(&b, "%s not checked: ah check --changes all\n", count(n, "active change", "active changes"))
	}
	fmt.Fprintf(&b, "ah check: %s: %s%s\n", verdict, summaryText(r, p.durationMS), changes)
	_, err := io.WriteString(p.w, b.String())
	return err
}

// location is where a person should look: the scenario heading, the
// malformed heading's line, or the contract for findings without one.
func location(f finding.Finding) string {
	if f.Heading != nil {
		return fmt.Sprintf("%s:%d", f.SpecPath, f.Heading.Line)
	}
	if f.Scenario != nil && f.Scenario.Line != nil {
		return fmt.Sprintf("%s:%d", f.SpecPath, *f.Scenario.Line)
	}
	if f.Line != nil {
		return fmt.Sprintf("%s:%d", f.SpecPath, *f.Line)
	}
	if f.ContractPath != "" {
		return f.ContractPath
	}
	return f.SpecPath
}

// writeTest shows how a failing test failed: the framework's own failure
// lines of each failed test when the adapter knows them (issue 8: the raw
// tail may be a backtrace or a build log), else the last lines of the
// output tails.
func writeTest(b *strings.Builder, t *finding.Test, faint func(string) string) {
	fmt.Fprintf(b, "    $ %s\n", t.Command)
	if len(t.FailedTests) > 0 {
		for _, ft := range t.FailedTests {
			fmt.Fprintf(b, "    %s %s\n", faint("FAIL"), ft.Name)
			for _, l := range firstLines(ft.Message, failureLines) {
				fmt.Fprintf(b, "    %s %s\n", faint("|"), l)
			}
		}
		return
	}
	for _, tail := range []struct{ name, text string }{{"stdout", t.StdoutTail}, {"stderr", t.StderrTail}} {
		lines := lastLines(tail.text, tailLines)
		for _, l := range lines {
			fmt.Fprintf(b, "    %s %s\n", faint(tail.name+" |"), l)
		}
	}
}

// failureLines is how many lines of one failed test's message are shown:
// the head says what failed (assertion, panic message, left/right).
const failureLines = 20

func firstLines(s string, n int) []string {
	s = strings.TrimRight(s, "\n")
	if s == "" {
		return nil
	}
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		more := len(lines) - n
		lines = append(lines[:n:n], fmt.Sprintf("... (%d more lines)", more))
	}
	return lines
}

func lastLines(s string, n int) []string {
	s = strings.TrimRight(s, "\n")
	if s == "" {
		return nil
	}
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return lines
}
