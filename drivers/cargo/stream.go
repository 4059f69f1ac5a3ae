package cargo

import (
	"bytes"
	"io"
	"strings"

	"github.com/espectacular/ah/drivers/headtail"
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
	out  lines
	err  lines
	std  stdoutState
	diag diagState
}

var _ ports.ReportStream = (*Stream)(nil)

// NewStream returns an empty stream parser.
func NewStream() *Stream {
	s := &Stream{}
	s.out.handle = s.std.line
	s.err.handle = s.diag.line
	return s
}

// Write implements io.Writer for stdout.
func (s *Stream) Write(b []byte) (int, error) { return s.out.Write(b) }

// Stderr is the writer for cargo's stderr.
func (s *Stream) Stderr() io.Writer { return &s.err }

// Report implements ports.ReportStream (see Parse).
func (s *Stream) Report(ports.Result) ports.TestReport {
	s.out.flush()
	s.err.flush()
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

// lines splits a stream into lines without ANSI colour or line ends.
type lines struct {
	partial []byte
	over    bool // the current line passed MaxLine; drop until its end
	handle  func(string)
}

func (l *lines) Write(b []byte) (int, error) {
	n := len(b)
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		chunk := b
		if i >= 0 {
			chunk = b[:i]
		}
		if !l.over {
			room := MaxLine - len(l.partial)
			if len(chunk) > room {
				chunk, l.over = chunk[:room], true
			}
			l.partial = append(l.partial, chunk...)
		}
		if i < 0 {
			break
		}
		l.emit()
		b = b[i+1:]
	}
	return n, nil
}

func (l *lines) flush() {
	if len(l.partial) > 0 {
		l.emit()
	}
}

func (l *lines) emit() {
	line := strings.TrimRight(ansi.ReplaceAllString(string(l.partial), ""), "\r")
	l.partial, l.over = l.partial[:0], false
	l.handle(line)
}
