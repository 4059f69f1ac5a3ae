package spec_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/core/spec"
)

// withEOL maps every scenario body of d through f; the CRLF and CR tests
// compare documents whose bodies differ only in their line breaks.
func withEOL(d spec.Document, f func(string) string) spec.Document {
	nodes := func(ns []spec.ScenarioNode) []spec.ScenarioNode {
		out := make([]spec.ScenarioNode, len(ns))
		for i, n := range ns {
			n.Body = f(n.Body)
			out[i] = n
		}
		if ns == nil {
			return nil
		}
		return out
	}
	reqs := func(rs []spec.Requirement) []spec.Requirement {
		if rs == nil {
			return nil
		}
		out := make([]spec.Requirement, len(rs))
		for i, r := range rs {
			r.Scenarios = nodes(r.Scenarios)
			out[i] = r
		}
		return out
	}
	d.Scenarios, d.Requirements = nodes(d.Scenarios), reqs(d.Requirements)
	if d.Sections != nil {
		secs := make([]spec.Section, len(d.Sections))
		for i, s := range d.Sections {
			s.Scenarios, s.Requirements = nodes(s.Scenarios), reqs(s.Requirements)
			secs[i] = s
		}
		d.Sections = secs
	}
	return d
}

// lfBodies is ss with LF line breaks in every body.
func lfBodies(ss []spec.Scenario) []spec.Scenario {
	if ss == nil {
		return nil
	}
	out := make([]spec.Scenario, len(ss))
	for i, s := range ss {
		s.Body = spec.LF(s.Body)
		out[i] = s
	}
	return out
}

// TestBodyKeepsItsLineBreaks: seed 004 "scenario_prose is verbatim and
// untruncated" (issue 27): a body is the file's bytes, CRLF and lone CR
// line breaks included, while lines and titles do not depend on them.
func TestBodyKeepsItsLineBreaks(t *testing.T) {
	lf := "# Gate\n\n#### Scenario: A\n- WHEN x\n\n- THEN y\n\n#### Scenario: B\nb\n"
	for _, eol := range []string{"\r\n", "\r"} {
		in := strings.ReplaceAll(lf, "\n", eol)
		want := strings.ReplaceAll("- WHEN x\n\n- THEN y", "\n", eol)
		got := spec.Scan([]byte(in))
		assert.Equal(t, []spec.Scenario{sc("A", 3, want), sc("B", 8, "b")}, got, "Scan(%q)", in)
		assert.True(t, spec.SameBody(got[0].Body, "- WHEN x\n\n- THEN y\n"), "SameBody ignores line endings")
	}
	assert.False(t, spec.SameBody("a\nb", "a\n\nb"))
}
