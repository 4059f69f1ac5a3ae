package cli

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/ports"
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
// as `go test -v` does. In plain mode a batched binding is shown as soon as
// its tests have all reported (Reported), and a run that prints nothing for
// a minute gets a heartbeat line (heartbeat), so a CI log is never silent
// for long (issue 37).
type progress struct {
	mu    sync.Mutex
	w     io.Writer
	bar   bool
	shown bool
	// counts are the last Update's; reported holds the verdict and batch
	// of each binding line printed while its batch ran, by its bindings,
	// and batches the batches that printed any.
	counts   execution.Counts
	reported map[string]execution.Reported
	batches  map[string]bool
	// clock and last time the heartbeat: last is when a line was last
	// written.
	clock ports.Clock
	last  time.Time
}

var (
	_ execution.Progress         = (*progress)(nil)
	_ execution.ReportedProgress = (*progress)(nil)
)

// heartbeatEvery is the longest a plain progress stream stays silent.
const heartbeatEvery = time.Minute

// newProgress returns the display for mode; nil for none.
func newProgress(mode string, w io.Writer) *progress {
	switch mode {
	case progressBar:
		return &progress{w: w, bar: true}
	case progressPlain:
		return &progress{w: w, reported: map[string]execution.Reported{}, batches: map[string]bool{}}
	}
	return nil
}

// Update redraws the bar. Its counts are test bindings, as the summary
// counts them, so the last line shown matches the report.
func (p *progress) Update(c execution.Counts) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.counts = c
	if !p.bar {
		return
	}
	fmt.Fprintf(p.w, "\r\x1b[Kah: %d/%d tests done (%d passed, %d failed), %d running", c.Done, c.Total, c.Passed, c.Failed, c.Running)
	p.shown = true
}

// Reported prints the plain line of a batched binding whose tests have
// all reported while its batch still runs: the status they give, its own
// time, and "reported in <batch>", since its verdict waits for the
// batch's consistency check (docs/batching.md).
func (p *progress) Reported(r execution.Reported) {
	if p.bar {
		return
	}
	status, note := statusOf(r.Verdict)
	refs := strings.Join(r.Bindings, ", ")
	p.mu.Lock()
	defer p.mu.Unlock()
	p.reported[refs] = r
	p.batches[r.Batch] = true
	p.write(fmt.Sprintf("%s %s (%.2fs, reported in %s)%s\n", status, escapeControl(refs), r.Duration.Seconds(), r.Batch, note))
}

// Finished prints the plain line of a job that ended: ok or FAIL, the
// contract entries it ran for, its duration, and a verdict other than a
// plain failure. A batch whose bindings were reported while it ran first
// says whether its report held; a binding it attributed the verdict its
// reported line showed prints nothing more.
func (p *progress) Finished(r execution.JobResult) {
	if p.bar {
		return
	}
	ex := r.Execution
	refs := strings.Join(ex.Bindings, ", ")
	status, note := statusOf(ex.Verdict)
	p.mu.Lock()
	defer p.mu.Unlock()
	if b := r.Batch; b != nil && p.batches[b.ID] {
		switch {
		case r.Interrupted:
			p.write(fmt.Sprintf("ah: %s was interrupted: the lines reported in it are not verdicts\n", b.ID))
		case b.Fallback != "":
			p.write(fmt.Sprintf("ah: %s degraded (%s): the lines reported in it are not verdicts; its bindings re-ran on their own\n", b.ID, escapeControl(b.Fallback)))
		default:
			p.write(fmt.Sprintf("ah: %s ended and its report is consistent: a line reported in it is the verdict unless its binding is printed again\n", b.ID))
		}
	}
	if rep, ok := p.reported[refs]; ok && ex.Batch == rep.Batch && ex.Verdict == rep.Verdict {
		return
	}
	p.write(fmt.Sprintf("%s %s (%.2fs)%s\n", status, escapeControl(refs), r.Duration.Seconds(), note))
}

// stillRunning is the heartbeat line.
func stillRunning(c execution.Counts) string {
	if c.Total == 0 {
		return "ah: still running: preparing the tests\n"
	}
	return fmt.Sprintf("ah: still running: %d bindings running, %d of %d done\n", c.Running, c.Done, c.Total)
}

// statusOf is the status word of a progress line and the verdict it
// names when that is not a plain pass or failure.
func statusOf(verdict string) (status, note string) {
	switch verdict {
	case execution.Passed:
		return "ok  ", ""
	case execution.NotRun:
		return "stop", ""
	case execution.Failed:
		return "FAIL", ""
	}
	return "FAIL", " " + strings.ReplaceAll(verdict, "_", " ")
}

// write prints a line; the caller holds p.mu.
func (p *progress) write(line string) {
	if p.clock != nil {
		p.last = p.clock.Now()
	}
	io.WriteString(p.w, line) //nolint:errcheck // progress is best effort
}

// heartbeat starts the plain display's heartbeat: whenever no line was
// written for heartbeatEvery, it prints how many bindings still run and
// how many are done. The returned stop ends it. The bar needs none: it
// is on a terminal, not in a CI log; a nil clock means none.
func (p *progress) heartbeat(clock ports.Clock) (stop func()) {
	if p == nil || p.bar || clock == nil {
		return func() {}
	}
	p.mu.Lock()
	p.clock, p.last = clock, clock.Now()
	p.mu.Unlock()
	done, exited := make(chan struct{}), make(chan struct{})
	alarm := clock.After(heartbeatEvery)
	go func() {
		defer close(exited)
		for {
			select {
			case <-done:
				return
			case <-alarm:
			}
			p.mu.Lock()
			wait := heartbeatEvery - p.clock.Now().Sub(p.last)
			if wait <= 0 {
				p.write(stillRunning(p.counts))
				wait = heartbeatEvery
			}
			p.mu.Unlock()
			alarm = clock.After(wait)
		}
	}()
	return func() {
		close(done)
		<-exited
	}
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
