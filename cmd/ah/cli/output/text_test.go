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
