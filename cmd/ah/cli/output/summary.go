package output

import (
	"fmt"
	"strings"

	"github.com/espectacular/ah/core/report"
)

// summaryText is the counts of the text summary line, in plain English:
// "1 scenario", "2 warnings"; the tests count only when tests ran, so a
// structure-only check never claims "0 tests passed"; skipped scenarios
// and tests not run only when there are some; the duration with --timings.
func summaryText(r report.Report, durationMS *int64) string {
	s := r.Summary
	scenarios := count(s.Scenarios, "scenario", "scenarios")
	var notes []string
	if s.Skipped > 0 {
		notes = append(notes, fmt.Sprintf("%d skipped", s.Skipped))
	}
	if s.Waived > 0 {
		notes = append(notes, fmt.Sprintf("%d waived", s.Waived))
	}
	if s.OutOfScope > 0 {
		notes = append(notes, fmt.Sprintf("%d out of scope", s.OutOfScope))
	}
	if s.Carried > 0 {
		notes = append(notes, fmt.Sprintf("%d carried from tree %s", s.Carried, shortID(carriedFrom(r))))
	}
	if n := notSelected(r); n > 0 {
		notes = append(notes, fmt.Sprintf("%d not run: not affected by the change", n))
	}
	if len(notes) > 0 {
		scenarios += " (" + strings.Join(notes, "; ") + ")"
	}
	parts := []string{
		scenarios,
		fmt.Sprintf("%d structural", s.Structural),
		fmt.Sprintf("%d execution", s.Execution),
		count(s.Warnings, "warning", "warnings"),
	}
	if r.Executions != nil {
		parts = append(parts, count(s.Passed, "test", "tests")+" passed")
		if s.NotRun > 0 {
			parts = append(parts, fmt.Sprintf("%d not run", s.NotRun))
		}
	}
	out := strings.Join(parts, ", ")
	if durationMS != nil {
		out += " in " + secondsText(*durationMS)
	}
	return out
}

// notSelected counts the scenarios whose tests the selection left out
// (issue 25): a summary must never read as if they had passed.
func notSelected(r report.Report) int {
	if r.Selection == nil {
		return 0
	}
	return len(r.Selection.Skipped) - r.Summary.Carried
}

// carriedFrom is the tree whose snapshot the carried units came from.
func carriedFrom(r report.Report) string {
	for _, u := range r.Units {
		if u.CarriedFrom != "" {
			return u.CarriedFrom
		}
	}
	return ""
}

// writeTimings lists each execution's duration (--timings), in plan order.
func writeTimings(b *strings.Builder, r report.Report) {
	if r.Executions == nil {
		return
	}
	for _, e := range *r.Executions {
		if e.DurationMS == nil {
			continue
		}
		fmt.Fprintf(b, "%8s  %-9s %s\n", secondsText(*e.DurationMS), e.Verdict, strings.Join(e.Bindings, ", "))
	}
}

func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func secondsText(ms int64) string { return fmt.Sprintf("%.2fs", float64(ms)/1000) }

// waiverText is a waived scenario's recorded decision (issue 39): its
// contract, its expiry date when it has one, and the reason.
func waiverText(u report.Unit) string {
	if u.Waiver == nil {
		return "waived"
	}
	until := ""
	if u.Waiver.Expires != "" {
		until = " until " + u.Waiver.Expires
	}
	return fmt.Sprintf("waived%s: %s", until, u.Waiver.Reason)
}

// writeWaivers lists every waived scenario with its decision, so a
// passing gate still shows what it accepted unproven.
func writeWaivers(b *strings.Builder, r report.Report) {
	for _, u := range r.Units {
		if u.Waiver == nil {
			continue
		}
		loc := u.SpecPath
		if u.Scenario.Line != nil {
			loc = fmt.Sprintf("%s:%d", u.SpecPath, *u.Scenario.Line)
		}
		fmt.Fprintf(b, "%s: %s %s\n", loc, u.ContractPath, waiverText(u))
	}
}
