package cli

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/espectacular/ah/core/execution"
)

// Progress modes of ah check --progress.
const (
	progressAuto  = "auto"
	progressBar   = "bar"
	progressPlain = "plain"
	progressNone  = "none"
)

// progress shows a test run on stderr, never on stdout: a live bar redrawn
// in place (a terminal), or a plain line per finished job (CI logs, pipes),
// as `go test -v` does.
type progress struct {
	mu    sync.Mutex
	w     io.Writer
	bar   bool
	shown bool
}

var _ execution.Progress = (*progress)(nil)

// newProgress returns the display for mode; nil for none.
func newProgress(mode string, w io.Writer) *progress {
	switch mode {
	case progressBar:
		return &progress{w: w, bar: true}
	case progressPlain:
		return &progress{w: w}
	}
	return nil
}

// Update redraws the bar. Its counts are test bindings, as the summary
// counts them, so the last line shown matches the report.
func (p *progress) Update(c execution.Counts) {
	if !p.bar {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Fprintf(p.w, "\r\x1b[Kah: %d/%d tests done (%d passed, %d failed), %d running", c.Done, c.Total, c.Passed, c.Failed, c.Running)
	p.shown = true
}

// Finished prints the plain line of a job that ended: ok or FAIL, the
// contract entries it ran for, its duration, and a verdict other than a
// plain failure.
func (p *progress) Finished(r execution.JobResult) {
	if p.bar {
		return
	}
	ex := r.Execution
	status, note := "ok  ", ""
	switch ex.Verdict {
	case execution.Passed:
	case execution.NotRun:
		status = "stop"
	case execution.Failed:
		status = "FAIL"
	default:
		status, note = "FAIL", " "+strings.ReplaceAll(ex.Verdict, "_", " ")
	}
	line := fmt.Sprintf("%s %s (%.2fs)%s\n", status, escapeControl(strings.Join(ex.Bindings, ", ")), r.Duration.Seconds(), note)
	p.mu.Lock()
	defer p.mu.Unlock()
	io.WriteString(p.w, line) //nolint:errcheck // progress is best effort
}

// clear erases the bar before the report is printed.
func (p *progress) clear() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}

// escapeControl writes control characters and invalid UTF-8 from outside
// data (capability directory names) and format characters (bidi
// overrides) as \x.. and \u.... escapes, so a progress line
// can never move the cursor, clear the screen or retitle the terminal.
func escapeControl(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == '\u2028' || r == '\u2029':
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}
