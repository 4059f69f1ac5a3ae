package pytest

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"

	"github.com/espectacular/ah/ports"
)

// KeyFile is the file Prepare writes next to the plugin: the key that
// starts each line of the run's report. The plugin reads and deletes it
// when pytest imports it, before any conftest or test module is loaded.
const KeyFile = "ah_pytest_key"

// MaxStream bounds the report bytes a Stream keeps; a run that writes
// more is cut short, never trusted.
const MaxStream = 64 << 20

// Anomalies a Stream reports: output no whole report from the plugin
// contains (issue 23, item 2 and item 9).
const (
	// AnomalyForged: a line on the channel without the run's key, written
	// by something other than the plugin (a test that found the pipe).
	AnomalyForged = "a line on pytest's report channel that ah's plugin did not write"
	// AnomalyAfterSession: a record after the session line, which is last.
	AnomalyAfterSession = "a record after pytest's session ended"
	// AnomalyUnfinished: pytest exited 0 on its own but the session line
	// never came: a test ended the process (os._exit(0)) before the report
	// was complete. That status proves nothing.
	AnomalyUnfinished = "pytest ended before its session finished (a test may have ended the process)"
	// AnomalyTooLarge: more than MaxStream bytes on the channel.
	AnomalyTooLarge = "more report output than ah reads"
)

// NewKey returns a fresh random key for one run.
func NewKey() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b) // crypto/rand.Read never fails on supported systems
	return hex.EncodeToString(b)
}

// Stream reads the plugin's records from pytest's stdout pipe as pytest
// writes them (ports.ReportStream). Bytes it has read cannot be changed
// afterwards; each line must carry the run's key.
type Stream struct {
	key   string
	buf   bytes.Buffer
	over  bool
	watch *watcher
}

var _ ports.ReportStream = (*Stream)(nil)

// NewStream returns a Stream expecting lines that start with key.
func NewStream(key string) *Stream { return &Stream{key: key} }

// Write implements io.Writer.
func (s *Stream) Write(p []byte) (int, error) {
	if s.buf.Len()+len(p) > MaxStream {
		s.over = true
		return len(p), nil
	}
	n, err := s.buf.Write(p)
	if s.watch != nil {
		s.watch.feed(s.buf.Bytes())
	}
	return n, err
}

// Report implements ports.ReportStream: the records with their key
// removed, parsed as Driver.Parse does, plus any anomaly.
func (s *Stream) Report(res ports.Result) ports.TestReport {
	var (
		body      bytes.Buffer
		anomalies []string
		ended     bool
	)
	note := func(a string) {
		for _, x := range anomalies {
			if x == a {
				return
			}
		}
		anomalies = append(anomalies, a)
	}
	prefix := []byte(s.key + " ")
	for line := range bytes.Lines(s.buf.Bytes()) {
		rec, ok := bytes.CutPrefix(line, prefix)
		if !ok || s.key == "" {
			if len(bytes.TrimSpace(line)) > 0 {
				note(AnomalyForged)
			}
			continue
		}
		if ended {
			note(AnomalyAfterSession)
			continue
		}
		body.Write(rec)
		ended = isSession(rec)
	}
	if s.over {
		note(AnomalyTooLarge)
	}
	r := Driver{}.Parse(res, body.Bytes())
	if !r.Parsed && !res.TimedOut && !res.Canceled && !res.Signaled && res.ExitCode == 0 {
		note(AnomalyUnfinished)
	}
	r.Anomalies = append(anomalies, r.Anomalies...)
	return r
}

func isSession(rec []byte) bool {
	var r record
	return json.Unmarshal(rec, &r) == nil && r.Type == "session"
}
