package gotest

import (
	"bytes"
	"encoding/json"

	"github.com/espectacular/ah/ports"
)

// MaxLine bounds one test2json line; a longer one makes the stream
// unparsed rather than buffered without limit.
const MaxLine = 1 << 20

// keepOutput is how much output, head and tail each, is kept per test,
// package and build: enough for the clipped messages.
const keepOutput = 4 * MaxMessage

// Stream parses a `go test -json` stdout as it is written, keeping only
// the test states and bounded output, so a test printing hundreds of
// megabytes costs no more memory than one printing a line.
type Stream struct {
	p       *parser
	partial []byte
	events  int
	broken  bool // a line was not JSON, or longer than MaxLine
}

var (
	_ ports.ReportStream = (*Stream)(nil)
	_ ports.Watcher      = (*Stream)(nil)
)

// Watch implements ports.Watcher: fn receives each package as go test
// reports its end, with its tests (part: the import path).
func (s *Stream) Watch(fn func(part string, tests []ports.TestCase)) {
	s.p.ended = fn
}

// NewStream returns an empty stream parser for a command line whose
// test flags are flags (the words after `go test`; nil: the testing
// package's defaults).
func NewStream(flags ...string) *Stream {
	return &Stream{p: &parser{plan: planOf(flags), byPath: map[string]*pkgState{}, byImp: map[string]*buildState{}}}
}

// Write implements io.Writer: it handles every complete line.
func (s *Stream) Write(b []byte) (int, error) {
	n := len(b)
	for len(b) > 0 && !s.broken {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			s.partial = append(s.partial, b...)
			if len(s.partial) > MaxLine {
				s.broken, s.partial = true, nil
			}
			break
		}
		if len(s.partial) > 0 {
			s.line(append(s.partial, b[:i]...))
			s.partial = s.partial[:0]
		} else {
			s.line(b[:i])
		}
		b = b[i+1:]
	}
	return n, nil
}

func (s *Stream) line(line []byte) {
	line = bytes.TrimSpace(line)
	// go test can interleave plain text (for example from a test binary
	// that writes to the real stdout after test2json); skip it.
	if len(line) == 0 || line[0] != '{' {
		return
	}
	var ev event
	if err := json.Unmarshal(line, &ev); err != nil {
		s.broken = true
		return
	}
	s.events++
	s.p.handle(ev)
}

// Report implements ports.ReportStream (see Parse).
func (s *Stream) Report(ports.Result) ports.TestReport {
	if len(s.partial) > 0 && !s.broken {
		s.line(s.partial)
		s.partial = nil
	}
	report := s.p.report()
	if s.broken || s.events == 0 {
		report.Parsed = false
	}
	return report
}
