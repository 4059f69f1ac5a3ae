package output

import (
	"fmt"
	"strings"

	"github.com/espectacular/ah/core/report"
)

// writeEvidence prints, for each passing execution whose structured report
// never arrived whole, a warning line: its pass rests on an exit status
// alone (issue 23). With verbose, it then lists every execution's evidence:
// the tests its report names, or what its verdict rests on instead.
func writeEvidence(b *strings.Builder, r report.Report, verbose bool, warn func(string) string) {
	if r.Executions == nil {
		return
	}
	for _, e := range *r.Executions {
		if e.Evidence == report.EvidenceReportMissing && e.Verdict == "passed" {
			fmt.Fprintf(b, "%s: %s: passed on its exit status alone: its structured report is missing, cut short or inconsistent (--strict fails it; ah explain evidence)\n",
				strings.Join(e.Bindings, ", "), warn("warning"))
		}
	}
	if !verbose {
		return
	}
	for _, e := range *r.Executions {
		if e.Evidence == "" {
			continue
		}
		fmt.Fprintf(b, "%s: %s, evidence %s", strings.Join(e.Bindings, ", "), e.Verdict, e.Evidence)
		if e.Evidence == report.EvidenceTests || e.TestCount > 0 {
			fmt.Fprintf(b, ", %s", count(e.TestCount, "test", "tests"))
		}
		b.WriteString("\n")
		for _, t := range e.Tests {
			fmt.Fprintf(b, "    %-7s %s\n", t.Outcome, t.ID)
		}
		if more := e.TestCount - len(e.Tests); more > 0 {
			fmt.Fprintf(b, "    ... and %d more\n", more)
		}
	}
}
