package output

import (
	"fmt"
	"strings"

	"github.com/espectacular/ah/core/report"
)

// writeEvidence prints, when some passing bindings rest on results the
// framework replayed from its cache (go test), one note saying how many
// (issue 36): they did not run in this check. With verbose, it then lists
// every execution's evidence: the tests its report names, or what its
// verdict rests on instead.
func writeEvidence(b *strings.Builder, r report.Report, verbose bool, warn func(string) string) {
	if r.Executions == nil {
		return
	}
	cached := 0
	for _, e := range *r.Executions {
		if e.Evidence == report.EvidenceCache && e.Verdict == report.VerdictPassed {
			cached += len(e.Bindings)
		}
	}
	if cached > 0 {
		fmt.Fprintf(b, "%s: %s passed on results the framework replayed from its test cache, not on runs in this check (ah check --strict runs them afresh; ah explain cache)\n",
			warn("note"), count(cached, "binding", "bindings"))
	}
	if !verbose {
		return
	}
	for _, e := range *r.Executions {
		if e.Evidence == "" {
			continue
		}
		fmt.Fprintf(b, "%s: %s, evidence %s", strings.Join(e.Bindings, ", "), e.Verdict, e.Evidence)
		if e.Evidence == report.EvidenceTests || e.Evidence == report.EvidenceCache || e.TestCount > 0 {
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
