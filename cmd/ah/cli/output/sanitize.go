package output

import (
	"fmt"
	"slices"
	"unicode/utf8"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/report"
)

// MaxMessageBytes bounds a finding message in text output. A custom runner
// writes its messages, and one of up to the envelope's 1 MiB would bury
// every other line; JSON keeps the message whole.
const MaxMessageBytes = 8 << 10

// sanitized is the one step that makes a report safe for a terminal: a deep
// copy in which every string that can come from outside ah is escaped (see
// Escape; multi-line tails and prose keep their line breaks, see
// EscapeLines) and finding messages are capped at MaxMessageBytes. The text
// printer prints only this copy, so a value cannot reach the terminal
// unescaped however the printer lays it out.
func sanitized(r report.Report) report.Report {
	out := r
	out.Scope.Changes = escapeAll(r.Scope.Changes)
	out.Selection = sanitizedSelection(r.Selection)
	out.Findings = make([]finding.Finding, len(r.Findings))
	for i, f := range r.Findings {
		out.Findings[i] = sanitizedFinding(f)
	}
	if r.Executions != nil {
		execs := make([]report.Execution, len(*r.Executions))
		for i, e := range *r.Executions {
			e.Type, e.TestType, e.Command = Escape(e.Type), Escape(e.TestType), Escape(e.Command)
			e.Argv, e.Bindings = escapeAll(e.Argv), escapeAll(e.Bindings)
			e.Adapter, e.DetectionSource, e.Version = Escape(e.Adapter), Escape(e.DetectionSource), Escape(e.Version)
			e.Evidence = Escape(e.Evidence)
			e.Tests = slices.Clone(e.Tests)
			for k := range e.Tests {
				e.Tests[k].ID, e.Tests[k].Outcome = Escape(e.Tests[k].ID), Escape(e.Tests[k].Outcome)
			}
			execs[i] = e
		}
		out.Executions = &execs
	}
	out.Batches = make([]report.Batch, len(r.Batches))
	for i, b := range r.Batches {
		b.TestType, b.Argv, b.Bindings, b.Fallback = Escape(b.TestType), escapeAll(b.Argv), escapeAll(b.Bindings), Escape(b.Fallback)
		out.Batches[i] = b
	}
	out.Units = make([]report.Unit, len(r.Units))
	for i, u := range r.Units {
		u.Capability, u.SpecPath, u.ContractPath = Escape(u.Capability), Escape(u.SpecPath), Escape(u.ContractPath)
		u.Scenario = sanitizedScenario(u.Scenario)
		bs := make([]report.Binding, len(u.Bindings))
		for j, b := range u.Bindings {
			b.Ref, b.Type, b.Adapter = Escape(b.Ref), Escape(b.Type), Escape(b.Adapter)
			bs[j] = b
		}
		u.Bindings = bs
		if u.Waiver != nil {
			u.Waiver = &report.Waiver{Reason: Escape(u.Waiver.Reason), Expires: Escape(u.Waiver.Expires)}
		}
		out.Units[i] = u
	}
	return out
}

func sanitizedFinding(f finding.Finding) finding.Finding {
	f.Kind = finding.Kind(Escape(string(f.Kind)))
	f.Spec, f.SpecPath, f.ContractPath = Escape(f.Spec), Escape(f.SpecPath), Escape(f.ContractPath)
	f.PlaybookCommand = Escape(f.PlaybookCommand)
	f.Message = capMessage(f.Message)
	if f.Scenario != nil {
		s := sanitizedScenario(*f.Scenario)
		f.Scenario = &s
	}
	if f.ScenarioProse != nil {
		p := EscapeLines(*f.ScenarioProse)
		f.ScenarioProse = &p
	}
	if f.ApplyCommand != nil {
		a := Escape(*f.ApplyCommand)
		f.ApplyCommand = &a
	}
	if f.Step != nil {
		a := Escape(*f.Step)
		f.Step = &a
	}
	if f.Heading != nil {
		h := *f.Heading
		h.Written, h.Corrected = Escape(h.Written), Escape(h.Corrected)
		f.Heading = &h
	}
	if f.Test != nil {
		t := *f.Test
		t.Type, t.Command, t.Argv = Escape(t.Type), Escape(t.Command), escapeAll(t.Argv)
		t.StdoutTail, t.StderrTail = EscapeLines(t.StdoutTail), EscapeLines(t.StderrTail)
		t.Adapter, t.TestType, t.DetectionSource, t.Version = Escape(t.Adapter), Escape(t.TestType), Escape(t.DetectionSource), Escape(t.Version)
		t.SharedWith = escapeAll(t.SharedWith)
		if t.FailedTests != nil {
			fts := make([]finding.FailedTest, len(t.FailedTests))
			for i, ft := range t.FailedTests {
				fts[i] = finding.FailedTest{Name: Escape(ft.Name), Message: EscapeLines(ft.Message)}
			}
			t.FailedTests = fts
		}
		f.Test = &t
	}
	return f
}

func sanitizedScenario(s finding.ScenarioRef) finding.ScenarioRef {
	s.ID, s.Title, s.BodyMarkdown = Escape(s.ID), Escape(s.Title), EscapeLines(s.BodyMarkdown)
	return s
}

// capMessage escapes a finding message cut to MaxMessageBytes, with a note
// saying how much was cut and where to read it whole.
func capMessage(m string) string {
	if len(m) <= MaxMessageBytes {
		return Escape(m)
	}
	cut := MaxMessageBytes
	for cut > 0 && !utf8.RuneStart(m[cut]) {
		cut--
	}
	return fmt.Sprintf("%s... [message cut at %d bytes: %d more; `ah check --json` shows it whole]",
		Escape(m[:cut]), cut, len(m)-cut)
}

func escapeAll(xs []string) []string {
	if xs == nil {
		return nil
	}
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = Escape(x)
	}
	return out
}
