package output

import (
	"fmt"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/report"
)

// Case outcomes, shared by the CI formats (JUnit, Markdown): what a CI
// tool calls a test case's result.
const (
	casePassed  = "passed"
	caseFailed  = "failed"
	caseError   = "error"
	caseSkipped = "skipped"
)

// testCase is one line of a CI test report: a contract binding when tests
// ran, else the scenario itself, else a structural finding no scenario owns.
type testCase struct {
	Suite      string // the capability
	Name       string
	Outcome    string
	Findings   []finding.Finding // what made it fail or error, and its warnings
	DurationMS *int64
	// Note says why a skipped case did not run: a waiver's decision.
	Note string
}

// suite is the cases of one capability, in report order.
type suite struct {
	Name  string
	Cases []testCase
}

// cases maps a report to test cases grouped by capability, capabilities
// sorted by name so the output never depends on discovery order.
func cases(r report.Report) []suite {
	used := make([]bool, len(r.Findings))
	var all []testCase
	for _, u := range r.Units {
		mine := func(f finding.Finding) bool {
			return f.Spec == u.Capability && f.Scenario != nil && u.Scenario.ID == f.Scenario.ID
		}
		if len(u.Bindings) == 0 {
			tc := testCase{Suite: u.Capability, Name: u.Capability + "/" + u.Scenario.ID, Outcome: casePassed}
			for i, f := range r.Findings {
				if !used[i] && mine(f) {
					used[i] = true
					tc.Findings = append(tc.Findings, f)
				}
			}
			tc.Outcome = unitOutcome(u.Status, tc.Findings)
			if u.Waiver != nil {
				tc.Note = waiverText(u)
			}
			if u.Status == report.UnitCarried {
				tc.Note = fmt.Sprintf("carried from tree %s: proven there, no change since affects it", shortID(u.CarriedFrom))
			}
			if tc.Outcome == casePassed && r.Executions != nil {
				// Tests ran, but not this unit's: skipped by the change
				// selection (issue 13) or run by another shard. It is
				// structurally valid, never passed.
				tc.Outcome = caseSkipped
			}
			all = append(all, tc)
			continue
		}
		for _, b := range u.Bindings {
			tc := testCase{Suite: u.Capability, Name: b.Ref, Outcome: bindingOutcome(b.Verdict), DurationMS: b.DurationMS}
			what := fmt.Sprintf("tests.%s[%d] ", b.Type, b.Index)
			for i, f := range r.Findings {
				if !used[i] && f.Category == finding.Execution && f.ContractPath == u.ContractPath && strings.HasPrefix(f.Message, what) {
					used[i] = true
					tc.Findings = append(tc.Findings, f)
				}
			}
			all = append(all, tc)
		}
		// The unit's own warnings (an unknown archetype, say) travel with
		// its first binding, so they show although its tests ran.
		first := len(all) - len(u.Bindings)
		for i, f := range r.Findings {
			if !used[i] && mine(f) && !f.Blocking() {
				used[i] = true
				all[first].Findings = append(all[first].Findings, f)
			}
		}
	}
	// Findings no case took (orphan contracts, malformed headings, spec
	// warnings) become cases of their own: an error when they gate, so a
	// CI tool never shows green for a failed gate, else a passing case
	// that carries the warning.
	for i, f := range r.Findings {
		if used[i] {
			continue
		}
		name := f.ContractPath
		if name == "" {
			name = f.SpecPath
		}
		outcome := casePassed
		if f.Blocking() {
			outcome = caseError
		}
		all = append(all, testCase{Suite: f.Spec, Name: string(f.Kind) + " " + name, Outcome: outcome, Findings: []finding.Finding{f}})
	}
	var out []suite
	for _, tc := range all {
		i := slices.IndexFunc(out, func(s suite) bool { return s.Name == tc.Suite })
		if i < 0 {
			out = append(out, suite{Name: tc.Suite})
			i = len(out) - 1
		}
		out[i].Cases = append(out[i].Cases, tc)
	}
	slices.SortStableFunc(out, func(a, b suite) int { return strings.Compare(a.Name, b.Name) })
	return out
}

func unitOutcome(status string, fs []finding.Finding) string {
	switch {
	case status == report.UnitInvalid || slices.ContainsFunc(fs, finding.Finding.Blocking):
		return caseError
	case status == report.UnitNotRun, status == report.UnitWaived, status == report.UnitCarried:
		// A waived scenario is never a pass (issue 28); a carried one
		// did not run here (issue 41).
		return caseSkipped
	}
	return casePassed
}

func bindingOutcome(verdict string) string {
	switch verdict {
	case report.VerdictPassed:
		return casePassed
	case report.VerdictNotRun:
		return caseSkipped
	}
	return caseFailed
}

// detail is the long text of a finding for a CI report: the message, then
// each failing test's own text, then the output tails.
func detail(f finding.Finding) string {
	var b strings.Builder
	b.WriteString(f.Message)
	b.WriteString("\n")
	if t := f.Test; t != nil {
		for _, ft := range t.FailedTests {
			fmt.Fprintf(&b, "\n--- %s\n%s\n", ft.Name, strings.TrimRight(ft.Message, "\n"))
		}
		if t.StdoutTail != "" {
			fmt.Fprintf(&b, "\nstdout (tail):\n%s\n", strings.TrimRight(t.StdoutTail, "\n"))
		}
		if t.StderrTail != "" {
			fmt.Fprintf(&b, "\nstderr (tail):\n%s\n", strings.TrimRight(t.StderrTail, "\n"))
		}
	}
	fmt.Fprintf(&b, "\nsee: %s\n", f.PlaybookCommand)
	return b.String()
}
