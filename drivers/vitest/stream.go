package vitest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/espectacular/ah/drivers/headtail"
	"github.com/espectacular/ah/drivers/lines"
	"github.com/espectacular/ah/ports"
)

// Marker starts every record of ah's reporter on stdout, always at the
// start of a line: the reporter writes "\n" + Marker + "<nonce> <json>\n"
// with one write(2) of at most PIPE_BUF bytes, so nothing cuts into it.
const Marker = "\x1eah-vitest "

// MaxLine bounds the part of one stdout line the stream keeps; a longer
// record makes the report inconsistent rather than buffered without limit.
const MaxLine = 1 << 20

// KindUnhandled is the ReportError kind for an error vitest caught outside
// any test (an unhandled rejection, an uncaught exception): vitest then
// exits 1 with every test passed (issue 23 item 12).
const KindUnhandled = "unhandled"

// Stream reads the records of ah's reporter from vitest's stdout as they
// are written (issue 23 item 3). The first record, hello, is written when
// the reporter loads in vitest's main process, before any test exists, and
// carries the nonce every later record must repeat; a record with another
// nonce was printed by something else (a test) and is an anomaly, as is a
// record cut or interleaved. Lines without the marker are vitest's console
// output and are ignored.
type Stream struct {
	candidates []string
	lines      lines.Splitter
	nonce      string
	ended      bool
	rep        ports.TestReport
	watch      *watcher
}

var _ ports.ReportStream = (*Stream)(nil)

// NewStream returns a stream for a run whose reporter evaluates the name
// patterns candidates (see Prepare), in that order.
func NewStream(candidates []string) *Stream {
	s := &Stream{candidates: candidates}
	s.lines = lines.Splitter{Max: MaxLine, Handle: s.handle}
	return s
}

// Write implements io.Writer: it handles every complete line.
func (s *Stream) Write(b []byte) (int, error) { return s.lines.Write(b) }

func (s *Stream) handle(line []byte, over bool) {
	rest, ok := bytes.CutPrefix(line, []byte(Marker))
	if !ok {
		return
	}
	nonce, body, _ := bytes.Cut(rest, []byte(" "))
	switch {
	case s.nonce == "" && len(nonce) > 0:
		// The first record is the reporter's hello: nothing else writes
		// to stdout before it loads.
		s.nonce = string(nonce)
	case string(nonce) != s.nonce:
		s.anomaly("a result record the reporter did not write (printed by a test?)")
		return
	}
	if over {
		s.anomaly("a result record longer than %d bytes", MaxLine)
		return
	}
	var r record
	if err := json.Unmarshal(body, &r); err != nil {
		s.anomaly("a cut or interleaved result record")
		return
	}
	s.record(r)
}

type record struct {
	E         string   `json:"e"`
	Patterns  int      `json:"patterns"`
	Modules   int      `json:"modules"`
	File      string   `json:"file"`
	Path      []string `json:"path"`
	Rep       int      `json:"rep"`
	State     string   `json:"state"`
	MS        *float64 `json:"ms"`
	Msg       string   `json:"msg"`
	Match     []int    `json:"match"`
	Unhandled []string `json:"unhandled"`
}

func (s *Stream) record(r record) {
	if s.ended {
		s.anomaly("a result record after the end of the run")
		return
	}
	switch r.E {
	case "hello":
		if r.Patterns != len(s.candidates) {
			// The reporter could not read the patterns: no test is
			// selected, which fails closed.
			s.candidates = nil
		}
	case "test":
		if len(r.Path) == 0 || r.Rep < 0 {
			s.anomaly("a result record without a test path")
			return
		}
		tc := ports.TestCase{
			ID:       DisplayID(r.File, r.Path, r.Rep),
			Path:     append([]string{r.File}, r.Path...),
			Repeat:   r.Rep,
			Status:   status(r.State),
			Message:  headtail.Clip(r.Msg, MaxMessage),
			Duration: millis(r.MS),
		}
		if !s.inRange(r.Match) {
			return
		}
		for _, i := range r.Match {
			tc.Selectors = append(tc.Selectors, s.candidates[i])
		}
		s.rep.Tests = append(s.rep.Tests, tc)
		if s.watch != nil {
			s.watch.result(caseKey(r), tc, s.candidates)
		}
	case "plan", "case", "collected":
		// Progress only (watch.go): never a result, but read alike whether
		// watched or not, so the report never depends on the display.
		if s.inRange(r.Match) && s.watch != nil {
			s.watch.record(r, s.candidates)
		}
	case "error":
		s.rep.Errors = append(s.rep.Errors, ports.ReportError{Kind: KindCollection, Location: r.File, Message: headtail.Clip(r.Msg, MaxMessage)})
	case "end":
		s.ended = true
		for _, m := range r.Unhandled {
			s.rep.Errors = append(s.rep.Errors, ports.ReportError{Kind: KindUnhandled, Message: headtail.Clip(m, MaxMessage)})
		}
	default:
		s.anomaly("a result record of unknown kind %q", r.E)
	}
}

// inRange reports whether every pattern index a record names is one of
// the candidates; one that is not is an anomaly.
func (s *Stream) inRange(match []int) bool {
	for _, i := range match {
		if i < 0 || i >= len(s.candidates) {
			s.anomaly("a result record naming pattern %d of %d", i, len(s.candidates))
			return false
		}
	}
	return true
}

// DisplayID is how a vitest test is named to people, as vitest's own
// reporter names it: the file, the describe titles and the test title
// joined by " > ", and "[n]" after the n-th test (n > 1) sharing that
// path. TestCase.Path and Repeat are its identity.
func DisplayID(file string, path []string, repeat int) string {
	id := file + " > " + strings.Join(path, " > ")
	if repeat > 0 {
		id += fmt.Sprintf(" [%d]", repeat+1)
	}
	return id
}

func (s *Stream) anomaly(format string, args ...any) {
	if len(s.rep.Anomalies) == 0 {
		s.rep.Anomalies = append(s.rep.Anomalies, fmt.Sprintf(format, args...))
	}
}

// Report implements ports.ReportStream. Parsed is true once the reporter
// wrote its end record; a run cut before it keeps the tests it reported
// (a timed-out run's tests did run) but is unparsed. Without any record,
// an option vitest rejects (`CACError: Unknown option ...` on stderr) is
// a ports.KindUsage error.
func (s *Stream) Report(res ports.Result) ports.TestReport {
	s.lines.Flush()
	rep := s.rep
	rep.Parsed = s.ended
	if s.nonce == "" && !res.TimedOut && !res.Canceled {
		if m := cacError.FindString(string(res.Stderr)); m != "" {
			return ports.TestReport{Parsed: true, Errors: []ports.ReportError{{Kind: ports.KindUsage, Message: m}}}
		}
	}
	return rep
}

// cacError is the line vitest's argument parser (cac) fails with.
var cacError = regexp.MustCompile(`(?m)^CACError: .*$`)

// Transcript implements ports.Transcriber: the console output without
// the reporter's records.
func (Driver) Transcript(stdout []byte) []byte {
	var out []byte
	for l := range strings.Lines(string(stdout)) {
		if !strings.HasPrefix(l, Marker) {
			out = append(out, l...)
		}
	}
	return out
}
