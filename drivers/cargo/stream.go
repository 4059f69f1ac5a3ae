package cargo

import (
	"io"
	"strings"

	"github.com/espectacular/ah/drivers/headtail"
	"github.com/espectacular/ah/drivers/lines"
	"github.com/espectacular/ah/ports"
)

// MaxLine bounds one line of output; the rest of a longer line is dropped
// (libtest's own lines are short, so only a test's printout is cut).
const MaxLine = 64 << 10

// maxBuildErrors bounds the compile errors kept: the first ones say what
// is wrong, and a crate with thousands must not cost memory for each.
const maxBuildErrors = 20

// Stream parses `cargo test` output as it is written: libtest's lines on
// stdout and compiler errors on stderr, keeping only test states and
// bounded messages, so a test printing hundreds of megabytes costs no more
// memory than one printing a line (issue 7). Write takes stdout; Stderr
// returns the writer for stderr.
type Stream struct {
	out  lines.Splitter
	err  lines.Splitter
	std  stdoutState
	diag diagState
}

var _ ports.ReportStream = (*Stream)(nil)

// NewStream returns an empty stream parser.
func NewStream() *Stream {
	s := &Stream{}
	s.out = lines.Splitter{Max: MaxLine, Handle: plain(s.std.line)}
	s.err = lines.Splitter{Max: MaxLine, Handle: plain(s.diag.line)}
	return s
}

// Write implements io.Writer for stdout.
func (s *Stream) Write(b []byte) (int, error) { return s.out.Write(b) }

// Stderr is the writer for cargo's stderr.
func (s *Stream) Stderr() io.Writer { return &s.err }

// Report implements ports.ReportStream (see Parse).
func (s *Stream) Report(ports.Result) ports.TestReport {
	s.out.Flush()
	s.err.Flush()
	report := ports.TestReport{Parsed: true, Errors: s.diag.errors()}
	for _, b := range s.std.binaries {
		if !b.closed || !b.counted {
			report.Parsed = false
		}
		for _, tc := range b.tests {
			if msg, ok := b.messages[tc.ID]; ok && tc.Status == ports.TestFailed {
				tc.Message = headtail.Clip(strings.TrimSpace(msg.String()), MaxMessage)
			}
			report.Tests = append(report.Tests, tc)
		}
	}
	if len(s.std.binaries) == 0 && len(report.Errors) == 0 {
		if u := s.diag.usage(); u != nil {
			report.Errors = []ports.ReportError{*u}
		} else {
			report.Parsed = false
		}
	}
	return report
}

// plain hands handle each line without ANSI colour or a trailing "\r".
func plain(handle func(string)) func([]byte, bool) {
	return func(line []byte, _ bool) {
		handle(strings.TrimRight(ansi.ReplaceAllString(string(line), ""), "\r"))
	}
}
