package execution_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

// failingRun runs one binding of fw whose report has tests and errors, and
// returns its one finding's message.
func failingRun(t *testing.T, tests []ports.TestCase, errs []ports.ReportError) string {
	t.Helper()
	rep := ports.TestReport{Parsed: true, Tests: tests, Errors: errs}
	d := fw(func(_ ports.Result, data []byte) ports.TestReport { return rep })
	r := runAdapter(t, d, func(cmd ports.Command, s *portstest.Scratch) (ports.Result, error) {
		writeReport(cmd, s)
		return ports.Result{ExitCode: 1}, nil
	}, fwBinding("a", "t"))
	require.Len(t, r.Findings, 1)
	return r.Findings[0].Message
}

// TestAdapterMessageNamesAFew: a message names up to three failed tests
// or errors and counts the rest.
func TestAdapterMessageNamesAFew(t *testing.T) {
	failed := func(ids ...string) []ports.TestCase {
		var out []ports.TestCase
		for _, id := range ids {
			out = append(out, ports.TestCase{ID: id, Status: ports.TestFailed})
		}
		return out
	}
	usage := func(msgs ...string) []ports.ReportError {
		var out []ports.ReportError
		for _, m := range msgs {
			out = append(out, ports.ReportError{Kind: ports.KindUsage, Message: m})
		}
		return out
	}
	const what = "tests.python[0] of .espectacular/c/a.toml exited with status 1: "
	tests := []struct {
		name  string
		tests []ports.TestCase
		errs  []ports.ReportError
		want  string
	}{
		{"three failed are all named", failed("a", "b", "c"), nil, "3 failed (a, b, c)"},
		{"a fourth is counted", failed("a", "b", "c", "d"), nil, "4 failed (a, b, c and 1 more)"},
		{"errors too", nil, usage("ERROR: e1", "ERROR: e2", "ERROR: e3", "ERROR: e4", "ERROR: e5"), "ERROR: e1, ERROR: e2, ERROR: e3 and 2 more"},
		{"failed tests, then errors", failed("a"), usage("ERROR: e1"), "1 failed (a); ERROR: e1"},
		{"an error of another kind without a location", nil, []ports.ReportError{{Kind: "collection"}}, "collection error"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, what+tt.want, failingRun(t, tt.tests, tt.errs))
		})
	}
}

// transcribing is a driver whose structured stdout is turned back into
// text for the finding (as go test -json is).
type transcribing struct{ *portstest.Driver }

func (transcribing) Transcript(stdout []byte) []byte { return append([]byte("text of: "), stdout...) }

// TestAdapterTranscript: a transcribing driver's stdout tail is its
// transcript, from the first whole line when the kept tail starts
// mid-line; a run that could not start has no stdout to transcribe.
func TestAdapterTranscript(t *testing.T) {
	tests := []struct {
		name string
		res  ports.Result
		err  error
		want string
	}{
		{"whole output", ports.Result{ExitCode: 1, Stdout: []byte("{a}\n{b}\n"), StdoutBytes: 8}, nil, "text of: {a}\n{b}\n"},
		{"a tail cut mid-line", ports.Result{ExitCode: 1, Stdout: []byte("a}\n{b}\n"), StdoutBytes: 8}, nil, "text of: {b}\n"},
		{"a cut tail of one line", ports.Result{ExitCode: 1, Stdout: []byte("b}"), StdoutBytes: 8}, nil, "text of: b}"},
		{"not started", ports.Result{ExitCode: -1, Stdout: []byte("{a}\n")}, errors.New("no such file"), "{a}\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := transcribing{fw(nil)}
			r := runAdapter(t, d, func(ports.Command, *portstest.Scratch) (ports.Result, error) { return tt.res, tt.err }, fwBinding("a", "t"))
			require.Len(t, r.Findings, 1)
			assert.Equal(t, tt.want, r.Findings[0].Test.StdoutTail)
		})
	}
}

// TestAdapterTailsStartOnARune: a tail cut inside a multi-byte character
// starts after it; bytes that are not UTF-8 are kept as they are.
func TestAdapterTailsStartOnARune(t *testing.T) {
	n := ports.DefaultTailBytes
	tests := []struct {
		name   string
		stdout string
		want   string
	}{
		{"cut inside é", strings.Repeat("é", n/2) + "a", strings.Repeat("é", n/2-1) + "a"},
		{"exactly the limit, not UTF-8", "\x80" + strings.Repeat("a", n-1), "\x80" + strings.Repeat("a", n-1)},
		{"no rune start within four bytes", "zz\x80\x80\x80\x80" + strings.Repeat("a", n-4), "\x80\x80\x80\x80" + strings.Repeat("a", n-4)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := fw(func(ports.Result, []byte) ports.TestReport { return ports.TestReport{} })
			r := runAdapter(t, d, func(ports.Command, *portstest.Scratch) (ports.Result, error) {
				return ports.Result{ExitCode: 1, Stdout: []byte(tt.stdout)}, nil
			}, fwBinding("a", "t"))
			require.Len(t, r.Findings, 1)
			assert.Equal(t, tt.want, r.Findings[0].Test.StdoutTail)
		})
	}
}

// TestAdapterFailedTestMessages: each failed test's text is bounded to
// MaxFailedMessage bytes, cut on a rune boundary; a text at the limit is
// kept whole, as it is.
func TestAdapterFailedTestMessages(t *testing.T) {
	n := execution.MaxFailedMessage
	tests := []struct {
		name, message, want string
	}{
		{"at the limit, not UTF-8", strings.Repeat("a", n-1) + "\xff", strings.Repeat("a", n-1) + "\xff"},
		{"cut inside é", "a" + strings.Repeat("é", n/2), "a" + strings.Repeat("é", n/2-1)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := ports.TestReport{Parsed: true, Tests: []ports.TestCase{{ID: "t", Status: ports.TestFailed, Message: tt.message}}}
			d := fw(func(ports.Result, []byte) ports.TestReport { return rep })
			r := runAdapter(t, d, func(cmd ports.Command, s *portstest.Scratch) (ports.Result, error) {
				writeReport(cmd, s)
				return ports.Result{ExitCode: 1}, nil
			}, fwBinding("a", "t"))
			require.Len(t, r.Findings, 1)
			require.Len(t, r.Findings[0].Test.FailedTests, 1)
			assert.Equal(t, tt.want, r.Findings[0].Test.FailedTests[0].Message)
		})
	}
}
