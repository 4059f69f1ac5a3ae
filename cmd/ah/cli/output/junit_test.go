package output_test

import (
	"bytes"
	"encoding/xml"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/cmd/ah/cli/output"
	"github.com/espectacular/ah/core/finding"
)

// xsd mirrors the usual JUnit XSD (the one CI parsers accept): only the
// elements and attributes it allows, so a typo in the printer's tags
// shows up as a missing value here.
type xsdSuites struct {
	XMLName  xml.Name   `xml:"testsuites"`
	Tests    int        `xml:"tests,attr"`
	Failures int        `xml:"failures,attr"`
	Errors   int        `xml:"errors,attr"`
	Skipped  int        `xml:"skipped,attr"`
	Time     string     `xml:"time,attr"`
	Suites   []xsdSuite `xml:"testsuite"`
}

type xsdSuite struct {
	Name     string    `xml:"name,attr"`
	Tests    int       `xml:"tests,attr"`
	Failures int       `xml:"failures,attr"`
	Errors   int       `xml:"errors,attr"`
	Skipped  int       `xml:"skipped,attr"`
	Cases    []xsdCase `xml:"testcase"`
}

type xsdCase struct {
	Classname string      `xml:"classname,attr"`
	Name      string      `xml:"name,attr"`
	Time      string      `xml:"time,attr"`
	Failure   *xsdProblem `xml:"failure"`
	Error     *xsdProblem `xml:"error"`
	Skipped   *struct{}   `xml:"skipped"`
	SystemErr string      `xml:"system-err"`
}

type xsdProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

func TestJUnitGolden(t *testing.T) {
	golden(t, "report.junit.xml", render(t, "junit", false))
	golden(t, "report-timings.junit.xml", render(t, "junit", true))
}

// TestJUnitShape parses the output as the XSD shape: a suite per
// capability, a case per binding (per scenario when none ran), counts that
// add up, the failure's text with the failed test and its tails, the
// invalid contract and the orphan as errors, and no time without --timings.
func TestJUnitShape(t *testing.T) {
	var doc xsdSuites
	require.NoError(t, xml.Unmarshal(render(t, "junit", false), &doc))
	assert.Equal(t, []int{5, 1, 2, 1}, []int{doc.Tests, doc.Failures, doc.Errors, doc.Skipped})
	assert.Empty(t, doc.Time)
	require.Len(t, doc.Suites, 2)
	lexer, parser := doc.Suites[0], doc.Suites[1]
	assert.Equal(t, "lexer", lexer.Name)
	assert.Equal(t, []int{2, 0, 1, 1}, []int{lexer.Tests, lexer.Failures, lexer.Errors, lexer.Skipped})
	assert.Equal(t, "lexer/tokens tests.shell[0]", lexer.Cases[0].Name)
	assert.NotNil(t, lexer.Cases[0].Skipped)
	assert.Contains(t, lexer.Cases[0].SystemErr, "warning unknown-archetype: archetype `XX` is unknown")
	assert.Equal(t, "orphan-toml .espectacular/lexer/gone.toml", lexer.Cases[1].Name)
	require.NotNil(t, lexer.Cases[1].Error)
	assert.Equal(t, "orphan-toml", lexer.Cases[1].Error.Type)

	require.Len(t, parser.Cases, 3)
	for _, c := range parser.Cases {
		assert.Equal(t, "parser", c.Classname)
		assert.Empty(t, c.Time)
	}
	assert.Nil(t, parser.Cases[0].Failure, "passing binding")
	assert.Empty(t, parser.Cases[0].SystemErr, "no warning, no system-err")
	f := parser.Cases[1].Failure
	require.NotNil(t, f)
	assert.Equal(t, "test-failing", f.Type)
	assert.Contains(t, f.Text, "--- tests/test_parser.py::test_bad\nassert 1 < 0 & more\nAssertionError\n")
	assert.Contains(t, f.Text, "stdout (tail):\nF\n1 failed, 100% done\n")
	assert.Equal(t, "parser/empty-input", parser.Cases[2].Name)
	require.NotNil(t, parser.Cases[2].Error)
	assert.Equal(t, "no-tests-declared", parser.Cases[2].Error.Type)
}

func TestJUnitTimings(t *testing.T) {
	var doc xsdSuites
	require.NoError(t, xml.Unmarshal(render(t, "junit", true), &doc))
	assert.Equal(t, "2.000", doc.Time)
	assert.Equal(t, "1.250", doc.Suites[1].Cases[1].Time)
}

// TestJUnitWarnings: a warning is never dropped. It rides on the first
// binding of its scenario when the tests ran and passed, and a warning no
// scenario owns (an unclosed block in a spec) is a passing case of its own,
// so neither changes the failure counts.
func TestJUnitWarnings(t *testing.T) {
	r := fixture(false)
	for i := range r.Units {
		if r.Units[i].Capability == "lexer" {
			r.Units[i].Bindings[0].Verdict = "passed"
		}
	}
	unclosed := finding.New(finding.UnclosedBlock, "openspec/specs/lexer/spec.md: a code block opened on line 4 is never closed")
	unclosed.Spec, unclosed.SpecPath = "lexer", "openspec/specs/lexer/spec.md"
	r.Findings = append(r.Findings, unclosed)
	require.False(t, unclosed.Blocking(), "the case below needs a warning")

	var b bytes.Buffer
	p, err := output.New("junit", &b, output.Options{})
	require.NoError(t, err)
	require.NoError(t, p.Print(r))
	var doc xsdSuites
	require.NoError(t, xml.Unmarshal(b.Bytes(), &doc))
	assert.Equal(t, []int{6, 1, 2, 0}, []int{doc.Tests, doc.Failures, doc.Errors, doc.Skipped})
	lexer := doc.Suites[0]
	require.Len(t, lexer.Cases, 3)
	ran := lexer.Cases[0]
	assert.Nil(t, ran.Skipped)
	assert.Nil(t, ran.Error)
	assert.Contains(t, ran.SystemErr, "warning unknown-archetype: archetype `XX` is unknown")
	assert.Contains(t, ran.SystemErr, "see: ah explain unknown-archetype")
	spec := lexer.Cases[2]
	assert.Equal(t, "unclosed-block openspec/specs/lexer/spec.md", spec.Name)
	assert.Nil(t, spec.Error)
	assert.Contains(t, spec.SystemErr, "warning unclosed-block: ")
}
