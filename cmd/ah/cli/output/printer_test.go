package output_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/cmd/ah/cli/output"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/report"
)

// sample is the shared input of the printer tests: one failing finding and
// two executions, one of an adapter with a test type.
func sample() report.Report {
	exit := 1
	ms := int64(7)
	f := finding.New(finding.TestFailing, "tests.shell[0] failed")
	f.Spec, f.SpecPath, f.ContractPath = "c", "openspec/specs/c/spec.md", ".espectacular/c/it.toml"
	return report.Report{
		Scope:    report.Scope{Deployed: true},
		Findings: []finding.Finding{f},
		Summary:  finding.Summarize([]finding.Finding{f}, 1, 0),
		Executions: &[]report.Execution{
			{Type: "shell", Command: "false", Argv: []string{"sh", "-c", "false"}, Bindings: []string{"c/it tests.shell[0]"}, Verdict: "failed", ExitCode: &exit},
			{Type: "unit", TestType: "unit", Command: "go test", Argv: []string{"go", "test"}, Bindings: []string{"c/it tests.unit[0]"}, Verdict: "passed", ExitCode: new(int), DurationMS: &ms, Adapter: "go"},
		},
	}
}

func TestFormats(t *testing.T) {
	assert.Equal(t, []string{"github", "json", "junit", "markdown", "sarif", "text"}, output.Formats())
	for _, name := range output.Formats() {
		p, err := output.New(name, &bytes.Buffer{}, output.Options{})
		require.NoError(t, err)
		require.NotNil(t, p)
	}
	_, err := output.New("xml", &bytes.Buffer{}, output.Options{})
	var ufe *output.UnknownFormatError
	require.True(t, errors.As(err, &ufe))
	assert.EqualError(t, err, `unknown format "xml"; known formats: github, json, junit, markdown, sarif, text`)
}

// TestJSONMapping checks the envelope fields the report maps to: nil
// slices print as [], test_type follows type and is omitted when empty,
// warnings and the duration reach the envelope.
func TestJSONMapping(t *testing.T) {
	var b bytes.Buffer
	ms := int64(42)
	require.NoError(t, output.NewJSON(&b, output.Options{CLIVersion: "9.9.9", DurationMS: &ms}).Print(sample()))
	got := b.String()
	assert.Contains(t, got, `"ok": false,`)
	assert.Contains(t, got, `"cli_version": "9.9.9",`)
	assert.Contains(t, got, "\"scope\": {\n      \"deployed\": true,\n      \"changes\": []\n    }")
	assert.Contains(t, got, "\"type\": \"unit\",\n        \"test_type\": \"unit\",\n        \"command\": \"go test\"")
	assert.Contains(t, got, "\"type\": \"shell\",\n        \"command\": \"false\"")
	assert.Equal(t, 1, bytes.Count(b.Bytes(), []byte(`"test_type"`)), "omitted when empty")
	assert.Contains(t, got, "\"warnings\": [],", "run notes are findings, never loose warnings")
	assert.Contains(t, got, `"duration_ms": 42,`)
	assert.True(t, bytes.HasSuffix(b.Bytes(), []byte("}\n")))

	b.Reset()
	require.NoError(t, output.NewJSON(&b, output.Options{}).Print(report.Report{}))
	assert.Contains(t, b.String(), `"findings": []`)
	assert.NotContains(t, b.String(), `"executions"`, "absent when tests were not run")
	assert.NotContains(t, b.String(), `"duration_ms"`, "only with --timings")
}

func TestText(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, output.NewText(&b, output.Options{}).Print(sample()))
	assert.Equal(t, ".espectacular/c/it.toml: error test-failing: tests.shell[0] failed\n"+
		"ah check: FAILED: 1 scenario, 0 structural, 1 execution, 0 warnings, 0 tests passed\n", b.String())
}

// TestTextSummary: the summary line in plain English; no tests count for a
// structure-only check; skipped and not-run counts only when there are
// some; durations with --timings.
func TestTextSummary(t *testing.T) {
	ms, total := int64(1250), int64(2000)
	ran := []report.Execution{{Bindings: []string{"c/a tests.shell[0]"}, Verdict: "passed", DurationMS: &ms}}
	tests := []struct {
		name string
		r    report.Report
		o    output.Options
		want string
	}{
		{"structure only, singular", report.Report{Summary: finding.Summary{Scenarios: 1, Warnings: 1}},
			output.Options{}, "ah check: passed: 1 scenario, 0 structural, 0 execution, 1 warning\n"},
		{"plural", report.Report{Summary: finding.Summary{Scenarios: 2, Warnings: 2}},
			output.Options{}, "ah check: passed: 2 scenarios, 0 structural, 0 execution, 2 warnings\n"},
		{"skipped and not run", report.Report{Summary: finding.Summary{Scenarios: 1, Skipped: 3, Passed: 1, NotRun: 2}, Executions: &[]report.Execution{}},
			output.Options{}, "ah check: passed: 1 scenario (3 skipped), 0 structural, 0 execution, 0 warnings, 1 test passed, 2 not run\n"},
		{"timings", report.Report{Summary: finding.Summary{Scenarios: 1, Passed: 1}, Executions: &ran},
			output.Options{DurationMS: &total}, "   1.25s  passed    c/a tests.shell[0]\n" +
				"ah check: passed: 1 scenario, 0 structural, 0 execution, 0 warnings, 1 test passed in 2.00s\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			require.NoError(t, output.NewText(&b, tt.o).Print(tt.r))
			assert.Equal(t, tt.want, b.String())
		})
	}
}
