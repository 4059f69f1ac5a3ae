package output

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/report"
)

// StepSummaryEnv names the file GitHub Actions shows as the job summary.
const StepSummaryEnv = "GITHUB_STEP_SUMMARY"

// GitHub writes the report as GitHub Actions workflow commands: one
// ::error, ::warning or ::notice annotation per finding, located at the
// scenario heading (else the contract or spec file), then the text summary
// line. When GITHUB_STEP_SUMMARY names a file, the Markdown report is
// appended to it, so the job page shows the table too.
type GitHub struct {
	w io.Writer
	o Options
}

// NewGitHub returns the GitHub Actions printer.
func NewGitHub(w io.Writer, o Options) *GitHub { return &GitHub{w: w, o: o} }

// Print writes the annotations and, when asked for, the step summary.
func (p *GitHub) Print(r report.Report) error {
	var b strings.Builder
	for _, f := range r.Findings {
		b.WriteString(annotation(f))
	}
	verdict := "passed"
	if r.Failed() {
		verdict = "FAILED"
	}
	fmt.Fprintf(&b, "%s: %s: %s\n", p.o.command(), verdict, summaryText(r, p.o.DurationMS))
	if _, err := io.WriteString(p.w, b.String()); err != nil {
		return err
	}
	return p.stepSummary(r)
}

// stepSummary appends the Markdown report to $GITHUB_STEP_SUMMARY.
func (p *GitHub) stepSummary(r report.Report) error {
	if p.o.Getenv == nil || p.o.AppendFile == nil {
		return nil
	}
	path := p.o.Getenv(StepSummaryEnv)
	if path == "" {
		return nil
	}
	var md bytes.Buffer
	if err := NewMarkdown(&md, p.o).Print(r); err != nil {
		return err
	}
	w, err := p.o.AppendFile(path)
	if err != nil {
		return fmt.Errorf("cannot append the job summary to %s (%s): %w", path, StepSummaryEnv, err)
	}
	_, werr := w.Write(md.Bytes())
	if cerr := w.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return fmt.Errorf("cannot append the job summary to %s (%s): %w", path, StepSummaryEnv, werr)
	}
	return nil
}

// annotation is one workflow command line for f.
func annotation(f finding.Finding) string {
	cmd := "notice"
	switch f.Severity {
	case finding.Error:
		cmd = "error"
	case finding.Warn:
		cmd = "warning"
	}
	file, line := f.ContractPath, 0
	switch {
	case f.Scenario != nil && f.Scenario.Line != nil:
		file, line = f.SpecPath, *f.Scenario.Line
	case f.Heading != nil:
		file, line = f.SpecPath, f.Heading.Line
	case f.Line != nil:
		file, line = f.SpecPath, *f.Line
	case file == "":
		file = f.SpecPath
	}
	title := "ah " + string(f.Kind)
	if f.Scenario != nil {
		title += " (" + f.Spec + "/" + f.Scenario.ID + ")"
	}
	props := "file=" + ghProperty(file)
	if line > 0 {
		props += fmt.Sprintf(",line=%d", line)
	}
	props += ",title=" + ghProperty(title)
	msg := EscapeLines(strings.TrimRight(annotationDetail(f), "\n"))
	return fmt.Sprintf("::%s %s::%s\n", cmd, props, ghData(msg))
}

// ghData and ghProperty escape as the runner's own toolkit does (see
// the actions/toolkit command.ts): a message keeps to one line, and a
// property value cannot end itself or start another property.
var (
	ghData     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace
	ghProperty = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace
)

// annotationDetail is detail for an annotation: when the adapter knows the
// failed tests' own failure text, that text stands for the output tails,
// as in text output (a pytest tail repeats it, and the annotation carried
// every failure twice).
func annotationDetail(f finding.Finding) string {
	if f.Test == nil || len(f.Test.FailedTests) == 0 {
		return detail(f)
	}
	t := *f.Test
	t.StdoutTail, t.StderrTail = "", ""
	f.Test = &t
	return detail(f)
}
