package execution_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/ports"
)

// Issue 9: a byte order mark before an envelope is accepted, and stdout
// that is not JSON is explained in plain words with its line and column,
// never with encoding/json's "invalid character 'ï'" or "exceeded max
// depth".
func TestCustomEnvelopeSyntax(t *testing.T) {
	const pass = `{"exit_code": 0, "passed": true, "findings": []}`
	tests := []struct {
		name    string
		stdout  string
		verdict string
		want    string // in the finding's message; "" for a pass
		not     string // not in the finding's message
	}{
		{name: "a UTF-8 byte order mark is accepted", stdout: "\xEF\xBB\xBF" + pass + "\n", verdict: execution.Passed},
		{
			name: "logs before the envelope", stdout: "running 3 tests\n" + pass, verdict: execution.Failed,
			want: "stdout is not JSON: line 1, column 1: unexpected 'r'; stdout must hold only the envelope, so send logs to stderr",
		},
		{
			name: "a bad character inside", stdout: "{\"exit_code\": 0,\n \"passed\": yes}", verdict: execution.Failed,
			want: "stdout is not JSON: line 2, column 12: unexpected 'y'",
		},
		{
			name: "a raw line break inside a string", stdout: "{\"exit_code\": 0, \"passed\": true, \"findings\": [{\"kind\": \"test-failing\", \"message\": \"a\nb\"}]}", verdict: execution.Failed,
			want: "stdout is not JSON: line 1, column 85: unexpected line break (inside a string, write \\n)",
		},
		{
			name: "a byte that is not UTF-8", stdout: "\xFF" + pass, verdict: execution.Failed,
			want: "stdout is not JSON: line 1, column 1: unexpected byte 0xFF (not UTF-8)",
		},
		{
			name: "a BOM in UTF-16", stdout: "\xFE\xFF" + pass, verdict: execution.Failed,
			want: "unexpected byte 0xFE (not UTF-8)",
		},
		{
			name: "only a byte order mark", stdout: "\xEF\xBB\xBF\n", verdict: execution.Failed,
			want: "stdout is not JSON: it holds no JSON value; print the envelope",
		},
		{
			name: "cut short", stdout: `{"exit_code": 0, "passed": true, "findings": [`, verdict: execution.Failed,
			want: "stdout is not JSON: it ends before its JSON value is complete",
		},
		{
			name: "nested too deep", stdout: strings.Repeat("[", execution.MaxEnvelopeDepth+1), verdict: execution.Failed,
			want: "stdout nests arrays and objects more than 1000 levels deep (line 1, column 1001); an envelope needs a few levels",
		},
		{
			name: "a bad last character", stdout: `{"exit_code": 0]`, verdict: execution.Failed,
			want: "stdout is not JSON: line 1, column 16: unexpected ']'",
		},
		{
			name: "nested exactly as deep as allowed", stdout: strings.Repeat("[", execution.MaxEnvelopeDepth) + strings.Repeat("]", execution.MaxEnvelopeDepth), verdict: execution.Failed,
			want: "not a valid custom-runner envelope", not: "nests",
		},
		{
			name: "many arrays side by side are not deep", stdout: `{"exit_code": 0, "passed": true, "findings": [], "log": [` + strings.Repeat("[], ", 2000) + `[]]}`,
			verdict: execution.Passed,
		},
		{
			name: "deep nesting inside a string does not count", stdout: `{"exit_code": 0, "passed": true, "findings": [], "log": "` + strings.Repeat("[", 2000) + `\"{"}`,
			verdict: execution.Passed,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := ports.Result{Stdout: []byte(tt.stdout), StdoutBytes: int64(len(tt.stdout))}
			r, _ := judgeOne(t, res, nil)
			require.Len(t, r.Executions, 1)
			assert.Equal(t, tt.verdict, r.Executions[0].Verdict)
			if tt.want == "" {
				assert.Empty(t, r.Findings)
				return
			}
			require.Len(t, r.Findings, 1)
			msg := r.Findings[0].Message
			assert.Contains(t, msg, tt.want)
			if tt.not != "" {
				assert.NotContains(t, msg, tt.not)
			}
			assert.NotContains(t, msg, "invalid character")
			assert.NotContains(t, msg, "max depth")
		})
	}
}
