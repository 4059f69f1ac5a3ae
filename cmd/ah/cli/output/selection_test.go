package output_test

import (
	"bytes"
	"encoding/xml"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/cmd/ah/cli/output"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/report"
	"github.com/espectacular/ah/core/selection"
)

// selected is a run in which the change selected alpha and skipped beta.
func selected(fallback string) report.Report {
	line := 3
	unit := func(c, status string, bs ...report.Binding) report.Unit {
		return report.Unit{Capability: c, SpecPath: "openspec/specs/" + c + "/spec.md", ContractPath: ".espectacular/" + c + "/works.toml",
			Scenario: finding.ScenarioRef{ID: "works", Title: "Works", Line: &line}, Status: status, Bindings: bs}
	}
	return report.Report{
		Scope:    report.Scope{Deployed: true},
		Summary:  finding.Summarize(nil, 2, 1),
		Findings: []finding.Finding{},
		Executions: &[]report.Execution{{Type: "shell", TestType: "shell", Command: "true", Argv: []string{"/bin/sh", "-c", "true"},
			Bindings: []string{"alpha/works tests.shell[0]"}, Verdict: "passed", ExitCode: new(int)}},
		Units: []report.Unit{
			unit("alpha", report.UnitPassed, report.Binding{Ref: "alpha/works tests.shell[0]", Type: "shell", Verdict: "passed"}),
			unit("beta", report.UnitValid),
		},
		Selection: &selection.Decision{
			Source: "range", Base: "a318706ac2aab103ba2e386ef54b511308801d70", Head: "a42a8dc5c7cba20c57cefd8dd3bbdb02c3cb85f7",
			ChangedFiles: []string{"openspec/specs/alpha/spec.md"}, Selected: []string{"alpha\x1b[31m"},
			SelectedContracts: []string{"alpha/works"}, Skipped: []string{"beta/works"}, Fallback: fallback,
		},
	}
}

func print(t *testing.T, format string, r report.Report) string {
	t.Helper()
	var b bytes.Buffer
	p, err := output.New(format, &b, output.Options{CLIVersion: "9.9.9"})
	require.NoError(t, err)
	require.NoError(t, p.Print(r))
	return b.String()
}

// TestSelectionJSON: data.selection with a null fallback_reason, and ah
// merge's reader gives back the same selection.
func TestSelectionJSON(t *testing.T) {
	for _, fallback := range []string{"", "the range changes no file"} {
		out := print(t, "json", selected(fallback))
		assert.Contains(t, out, `"skipped": [`+"\n"+`        "beta/works"`)
		if fallback == "" {
			assert.Contains(t, out, `"fallback_reason": null`)
		}
		rep, _, err := output.ReadCheck([]byte(out))
		require.NoError(t, err)
		assert.Equal(t, selected(fallback).Selection, rep.Selection)
	}
}

func TestSelectionText(t *testing.T) {
	assert.Contains(t, print(t, "text", selected("")),
		"selection: range a318706ac2aa..a42a8dc5c7cb: 1 changed file; 1 of 2 contracts run (alpha\\x1b[31m)\nah check: passed:")
	assert.Contains(t, print(t, "text", selected("the range changes no file")),
		"selection: range a318706ac2aa..a42a8dc5c7cb: every contract runs (2): the range changes no file\n")
	r := selected("")
	r.Selection.Skipped, r.Selection.SelectedContracts, r.Selection.Source, r.Selection.Base = []string{}, []string{"alpha/works", "beta/works"}, "all-tests", ""
	assert.Contains(t, print(t, "text", r), "selection: all-tests: every contract runs (2)\n")
}

// TestJUnitSkipsUnselected: a contract the selection did not run is a
// skipped case, never a passed one.
func TestJUnitSkipsUnselected(t *testing.T) {
	var doc xsdSuites
	require.NoError(t, xml.Unmarshal([]byte(print(t, "junit", selected(""))), &doc))
	assert.Equal(t, []int{2, 0, 0, 1}, []int{doc.Tests, doc.Failures, doc.Errors, doc.Skipped})
	require.Len(t, doc.Suites, 2)
	assert.NotNil(t, doc.Suites[1].Cases[0].Skipped, "beta/works is skipped")
}
