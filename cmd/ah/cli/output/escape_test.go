package output_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/cmd/ah/cli/output"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/report"
)

func TestEscape(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain text is unchanged", "tests.shell[0] of a.toml: exit 1", "tests.shell[0] of a.toml: exit 1"},
		{"tabs, backslashes and non-ASCII are kept", "a\tb \\n é ✓", "a\tb \\n é ✓"},
		{"newline", "a\nah check: passed", `a\nah check: passed`},
		{"terminal controls", "\x1b[2J\r\a\x00\b\f\v\x7f", `\x1b[2J\r\a\x00\b\f\v\x7f`},
		{"C1 control", "a\u009b31m", `a\u009b31m`},
		{"line separator", "a\u2028b", `a\u2028b`},
		{"bidi override", "abc\u202efed", `abc\u202efed`},
		{"invalid UTF-8", "a\xffb\xc3", `a\xffb\xc3`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, output.Escape(tt.in), "Escape(%q)", tt.in)
			assert.Equal(t, tt.want, output.Escape(tt.want), "Escape is idempotent")
		})
	}
}

func TestEscapeLines(t *testing.T) {
	assert.Equal(t, "one\ntwo \\x1b[31m\\rx\nthree\n", output.EscapeLines("one\r\ntwo \x1b[31m\rx\r\nthree\n"),
		"line breaks stay, a CR before one is dropped, a CR inside a line is escaped")
}

// TestTextSanitized checks the text printer's one sanitising step: every
// value from outside is escaped wherever it is printed, a long message is
// cut with a note, and the report itself is left exact for other printers.
func TestTextSanitized(t *testing.T) {
	line := 3
	exit := 1
	f := finding.New(finding.TestFailing, "bad\nopenspec/specs/other/spec.md:3: error forged\nah check: passed")
	f = f.WithScenario("c\x1b", "openspec/specs/c\x1b[31m/spec.md", finding.ScenarioRef{ID: "s", Title: "T\a", Line: &line})
	f.Test = &finding.Test{Type: "shell", Command: "echo \x1b]0;t\a", StderrTail: "x\x00y\nopenspec/specs/o/spec.md:1: error z\n", ExitCode: &exit}
	long := finding.New(finding.TestFailing, strings.Repeat("é", output.MaxMessageBytes))
	long.SpecPath = "openspec/specs/c/spec.md"
	ft := finding.New(finding.TestFailing, "failed")
	ft.SpecPath = "openspec/specs/c/spec.md"
	ft.Test = &finding.Test{Type: "go", FailedTests: []finding.FailedTest{{Name: "t\x1b[2J", Message: "boom\x07\nah check: passed"}}}
	rep := report.Report{Findings: []finding.Finding{f, long, ft}}

	var b bytes.Buffer
	require.NoError(t, output.NewText(&b, output.Options{}).Print(rep))
	got := b.String()
	for _, c := range got {
		assert.False(t, c < 0x20 && c != '\n' && c != '\t', "control %q in text output:\n%s", c, got)
	}
	lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	assert.Equal(t, `openspec/specs/c\x1b[31m/spec.md:3: error test-failing: bad\nopenspec/specs/other/spec.md:3: error forged\nah check: passed`, lines[0])
	assert.Contains(t, got, `echo \x1b]0;t\a`)
	assert.Contains(t, got, `x\x00y`)
	assert.Contains(t, got, "\n    stderr | openspec/specs/o/spec.md:1: error z\n", "a tail line is indented")
	assert.Contains(t, got, "... [message cut at 8192 bytes: 8192 more; `ah check --json` shows it whole]\n")
	assert.Contains(t, got, `t\x1b[2J`, "a failed test's name is escaped")
	assert.Contains(t, got, `boom\a`, "a failed test's message is escaped")
	assert.Equal(t, 1, strings.Count(got, "\nah check: "), "one summary line")
	assert.Equal(t, "bad\nopenspec/specs/other/spec.md:3: error forged\nah check: passed", rep.Findings[0].Message, "the report is not modified")
	assert.Equal(t, "echo \x1b]0;t\a", rep.Findings[0].Test.Command, "the report's test is not modified")
}

func TestTextLocationAndVerdict(t *testing.T) {
	h := finding.New(finding.MalformedScenarioHeading, "openspec/specs/c/spec.md:12: `### Scenario: X` is not a scenario heading: write `#### Scenario: X`")
	h.SpecPath = "openspec/specs/c/spec.md"
	h.Heading = &finding.Heading{Line: 12, Written: "### Scenario: X", Corrected: "#### Scenario: X"}
	var b bytes.Buffer
	require.NoError(t, output.NewText(&b, output.Options{}).Print(report.Report{Findings: []finding.Finding{h}, Interrupted: true}))
	assert.Equal(t, "openspec/specs/c/spec.md:12: warning malformed-scenario-heading: `### Scenario: X` is not a scenario heading: write `#### Scenario: X`\n"+
		"ah check: interrupted: 0 scenarios, 0 structural, 0 execution, 0 warnings\n", b.String())
}

// TestRequirementLineLocation: a finding about a requirement block, not a
// scenario (the MODIFIED block that omits scenarios), is placed at its line
// in text, GitHub annotations and SARIF (issue 28).
func TestRequirementLineLocation(t *testing.T) {
	line := 7
	f := finding.New(finding.OverlayConflict, "the MODIFIED block of requirement \"R\" omits \"S\"")
	f.Spec, f.SpecPath, f.Line = "c", "openspec/changes/x/specs/c/spec.md", &line
	rep := report.Report{Findings: []finding.Finding{f}}
	var text, gh, sarif bytes.Buffer
	require.NoError(t, output.NewText(&text, output.Options{}).Print(rep))
	require.NoError(t, output.NewGitHub(&gh, output.Options{}).Print(rep))
	require.NoError(t, output.NewSARIF(&sarif, output.Options{}).Print(rep))
	assert.True(t, strings.HasPrefix(text.String(), "openspec/changes/x/specs/c/spec.md:7: error overlay-conflict: "), text.String())
	assert.Contains(t, gh.String(), "file=openspec/changes/x/specs/c/spec.md,line=7")
	assert.Contains(t, sarif.String(), `"startLine": 7`)
}
