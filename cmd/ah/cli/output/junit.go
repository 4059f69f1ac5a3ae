package output

import (
	"cmp"
	"encoding/xml"
	"fmt"
	"io"
	"strings"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/report"
)

// JUnit writes the report as JUnit XML, the shape CI test-report parsers
// (GitHub, GitLab, Jenkins) read: a testsuite per capability, a testcase
// per contract binding (per scenario when tests did not run), failures
// carrying the failing tests' text and output tails, gating structural
// findings as errors. Times appear only with --timings, so the file is
// byte-identical between runs.
type JUnit struct {
	w io.Writer
	o Options
}

// NewJUnit returns the JUnit printer.
func NewJUnit(w io.Writer, o Options) *JUnit { return &JUnit{w: w, o: o} }

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Skipped  int          `xml:"skipped,attr"`
	Time     string       `xml:"time,attr,omitempty"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Time     string      `xml:"time,attr,omitempty"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Classname string        `xml:"classname,attr"`
	Name      string        `xml:"name,attr"`
	Time      string        `xml:"time,attr,omitempty"`
	Failure   *junitProblem `xml:"failure"`
	Error     *junitProblem `xml:"error"`
	Skipped   *junitSkipped `xml:"skipped"`
	// SystemErr carries the warnings of a case that did not fail: the
	// JUnit schema has no warning element, and CI viewers show it.
	SystemErr string `xml:"system-err,omitempty"`
}

type junitProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

type junitSkipped struct {
	Message string `xml:"message,attr,omitempty"`
}

// Print writes the XML document.
func (p *JUnit) Print(r report.Report) error {
	doc := junitSuites{Name: p.o.command()}
	if p.o.DurationMS != nil {
		doc.Time = secondsAttr(*p.o.DurationMS)
	}
	for _, s := range cases(r) {
		js := junitSuite{Name: s.Name}
		var ms int64
		for _, tc := range s.Cases {
			jc := junitCase{Classname: s.Name, Name: tc.Name}
			if tc.DurationMS != nil {
				ms += *tc.DurationMS
				jc.Time = secondsAttr(*tc.DurationMS)
			}
			switch tc.Outcome {
			case caseFailed:
				js.Failures++
				jc.Failure = problem(tc, "test failed")
			case caseError:
				js.Errors++
				jc.Error = problem(tc, "invalid contract")
			case caseSkipped:
				js.Skipped++
				jc.Skipped = &junitSkipped{Message: cmp.Or(tc.Note, "not run")}
			}
			if jc.Failure == nil && jc.Error == nil {
				jc.SystemErr = warningText(tc.Findings)
			}
			js.Cases = append(js.Cases, jc)
		}
		js.Tests = len(js.Cases)
		if p.o.DurationMS != nil {
			js.Time = secondsAttr(ms)
		}
		doc.Tests += js.Tests
		doc.Failures += js.Failures
		doc.Errors += js.Errors
		doc.Skipped += js.Skipped
		doc.Suites = append(doc.Suites, js)
	}
	if _, err := io.WriteString(p.w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(p.w)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return err
	}
	_, err := io.WriteString(p.w, "\n")
	return err
}

// problem is a failing or erroring case's element: the first finding's
// kind and message as attributes, every finding's detail as the body.
func problem(tc testCase, fallback string) *junitProblem {
	if len(tc.Findings) == 0 {
		return &junitProblem{Message: fallback, Type: tc.Outcome}
	}
	parts := make([]string, len(tc.Findings))
	for i, f := range tc.Findings {
		parts[i] = detail(f)
	}
	f := tc.Findings[0]
	return &junitProblem{Message: f.Message, Type: string(f.Kind), Text: strings.Join(parts, "\n")}
}

func secondsAttr(ms int64) string { return fmt.Sprintf("%.3f", float64(ms)/1000) }

// warningText is the detail of every warning of a case that passed or was
// skipped, each headed by its severity and kind.
func warningText(fs []finding.Finding) string {
	var parts []string
	for _, f := range fs {
		if !f.Blocking() {
			parts = append(parts, fmt.Sprintf("%s %s: %s", f.Severity, f.Kind, detail(f)))
		}
	}
	return strings.Join(parts, "\n")
}
