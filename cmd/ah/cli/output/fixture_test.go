package output_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/acceptance"
	"github.com/espectacular/ah/cmd/ah/cli/output"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/report"
)

// fixture is the one report every CI format is golden-tested from: a
// passing binding, a failing one (with a failed test case and tails), a
// structurally invalid scenario, a scenario with a warning, and an orphan
// contract no scenario owns. Values carry the characters each format must
// escape (|, `, %, :, a newline, <, &).
func fixture(timings bool) report.Report {
	line := func(n int) *int { return &n }
	sc := func(id, title string, l int) finding.ScenarioRef {
		return finding.ScenarioRef{ID: id, Title: title, BodyMarkdown: "THEN it works", Line: line(l)}
	}
	var ms7, ms1250 *int64
	if timings {
		a, b := int64(7), int64(1250)
		ms7, ms1250 = &a, &b
	}
	spec := "openspec/specs/parser/spec.md"
	exit := 1
	fail := finding.New(finding.TestFailing, "tests.pytest[0] of .espectacular/parser/rejects-bad-input.toml exited with status 1")
	fail = fail.WithScenario("parser", spec, sc("rejects-bad-input", "Rejects | bad `input`", 9))
	fail.ContractPath = ".espectacular/parser/rejects-bad-input.toml"
	fail.Test = &finding.Test{Type: "pytest", Command: "pytest tests/test_parser.py", ExitCode: &exit,
		StdoutTail: "F\n1 failed, 100% done", StderrTail: "",
		FailedTests: []finding.FailedTest{{Name: "tests/test_parser.py::test_bad", Message: "assert 1 < 0 & more\nAssertionError"}},
		DurationMS:  ms1250}
	bad := finding.New(finding.NoTestsDeclared, ".espectacular/parser/empty-input.toml declares no tests")
	bad = bad.WithScenario("parser", spec, sc("empty-input", "Empty input", 15))
	bad.ContractPath = ".espectacular/parser/empty-input.toml"
	warn := finding.New(finding.UnknownArchetype, "archetype `XX` is unknown: use one of PF | CE, %s")
	warn = warn.WithScenario("lexer", "openspec/specs/lexer/spec.md", sc("tokens", "Tokens: split, kept", 3))
	warn.ContractPath = ".espectacular/lexer/tokens.toml"
	orphan := finding.New(finding.OrphanTOML, ".espectacular/lexer/gone.toml matches no scenario")
	orphan.Spec, orphan.SpecPath, orphan.ContractPath = "lexer", "openspec/specs/lexer/spec.md", ".espectacular/lexer/gone.toml"
	fs := []finding.Finding{warn, orphan, bad, fail}
	finding.Sort(fs)
	return report.Report{
		Scope:    report.Scope{Deployed: true},
		Findings: fs,
		Summary:  finding.Summarize(fs, 4, 1),
		Executions: &[]report.Execution{
			{Type: "pytest", TestType: "pytest", Command: "pytest tests/test_parser.py", Bindings: []string{"parser/rejects-bad-input tests.pytest[0]"}, Verdict: "failed", ExitCode: &exit, DurationMS: ms1250},
			{Type: "shell", Command: "true", Bindings: []string{"parser/accepts-input tests.shell[0]"}, Verdict: "passed", ExitCode: new(int), DurationMS: ms7},
		},
		Units: []report.Unit{
			{Capability: "parser", SpecPath: spec, ContractPath: ".espectacular/parser/accepts-input.toml", Scenario: sc("accepts-input", "Accepts input", 3), Status: report.UnitPassed,
				Bindings: []report.Binding{{Ref: "parser/accepts-input tests.shell[0]", Type: "shell", Verdict: "passed", DurationMS: ms7}}},
			{Capability: "parser", SpecPath: spec, ContractPath: fail.ContractPath, Scenario: *fail.Scenario, Status: report.UnitFailed,
				Bindings: []report.Binding{{Ref: "parser/rejects-bad-input tests.pytest[0]", Type: "pytest", Adapter: "pytest", Verdict: "failed", DurationMS: ms1250}}},
			{Capability: "parser", SpecPath: spec, ContractPath: bad.ContractPath, Scenario: *bad.Scenario, Status: report.UnitInvalid},
			{Capability: "lexer", SpecPath: warn.SpecPath, ContractPath: warn.ContractPath, Scenario: *warn.Scenario, Status: report.UnitPassed,
				Bindings: []report.Binding{{Ref: "lexer/tokens tests.shell[0]", Type: "shell", Verdict: "not_run"}}},
		},
	}
}

// golden compares got with testdata/name, or rewrites it under
// AH_UPDATE_GOLDEN=1 (the repository's one golden switch).
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if acceptance.UpdateGolden() {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(path, got, 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run with AH_UPDATE_GOLDEN=1 to create it")
	assert.Equal(t, string(want), string(got))
}

// render prints the fixture in format, with or without --timings.
func render(t *testing.T, format string, timings bool) []byte {
	t.Helper()
	var b bytes.Buffer
	o := output.Options{CLIVersion: "9.9.9"}
	if timings {
		ms := int64(2000)
		o.DurationMS = &ms
	}
	p, err := output.New(format, &b, o)
	require.NoError(t, err)
	require.NoError(t, p.Print(fixture(timings)))
	return b.Bytes()
}
