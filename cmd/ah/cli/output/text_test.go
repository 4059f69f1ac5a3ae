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

// TestTextTestOutput: a failing test shows the framework's own failure
// lines when the adapter names the failed tests, not the last lines of
// the raw tail, which may be a backtrace (issue 8); without them, the
// tails.
func TestTextTestOutput(t *testing.T) {
	backtrace := "stack backtrace:\n" + strings.Repeat("   frame\n", 30)
	tests := []struct {
		name   string
		test   finding.Test
		want   []string
		absent []string
	}{
		{
			name: "failed tests named by the adapter",
			test: finding.Test{Command: "cargo test", StderrTail: backtrace, FailedTests: []finding.FailedTest{{
				Name:    "tests::adds",
				Message: "thread 'tests::adds' panicked at src/lib.rs:9:9:\nassertion `left == right` failed\n  left: 4\n right: 5",
			}}},
			want: []string{
				"    $ cargo test\n",
				"    FAIL tests::adds\n",
				"    | assertion `left == right` failed\n",
				"    |   left: 4\n",
			},
			absent: []string{"frame", "stderr |"},
		},
		{
			name: "a long message is cut after its head",
			test: finding.Test{Command: "pytest", FailedTests: []finding.FailedTest{{Name: "t.py::x", Message: strings.Repeat("line\n", 25)}}},
			want: []string{"    | ... (5 more lines)\n"},
		},
		{
			name:   "no failed tests: the tails",
			test:   finding.Test{Command: "./run", StdoutTail: "out\n", StderrTail: backtrace},
			want:   []string{"    stdout | out\n", "    stderr |    frame\n"},
			absent: []string{"    FAIL"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := finding.New(finding.TestFailing, "failed")
			f.ContractPath = ".espectacular/c/it.toml"
			f.Test = &tt.test
			var b bytes.Buffer
			require.NoError(t, output.NewText(&b, output.Options{}).Print(report.Report{Findings: []finding.Finding{f}}))
			for _, w := range tt.want {
				assert.Contains(t, b.String(), w)
			}
			for _, a := range tt.absent {
				assert.NotContains(t, b.String(), a)
			}
		})
	}
}

// TestTextShowsTheFix: a finding with a mechanical fix, or with a step a
// person runs toward one (no-toml's `ah contract new`, which JSON keeps out
// of apply_command: issue 27), shows it as the line after it, escaped like
// the rest (a capability name is the user's); one without (an edit only a
// person can make) shows none.
func TestTextShowsTheFix(t *testing.T) {
	stub := finding.New(finding.NoTOML, "scenario \"Adds\" has no contract")
	stub.SpecPath = "openspec/specs/calc/spec.md"
	cmd := "ah contract new calc\x1b[2J adds"
	stub.Step = &cmd
	failing := finding.New(finding.TestFailing, "failed")
	failing.ContractPath = ".espectacular/calc/adds.toml"
	var b bytes.Buffer
	require.NoError(t, output.NewText(&b, output.Options{}).Print(report.Report{Findings: []finding.Finding{stub, failing}}))
	lines := strings.Split(b.String(), "\n")
	require.GreaterOrEqual(t, len(lines), 3)
	assert.Equal(t, `    fix: ah contract new calc\x1b[2J adds`, lines[1])
	assert.Equal(t, 1, strings.Count(b.String(), "fix:"), b.String())
}
