package cli

import (
	"bytes"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/core/execution"
)

// TestProgressPlainLines: one line per finished job, ok or FAIL with the
// verdict when it is not a plain failure, and control characters from
// outside data (a capability directory named with an escape sequence)
// escaped so the line cannot drive the terminal.
func TestProgressPlainLines(t *testing.T) {
	var b bytes.Buffer
	p := newProgress(progressPlain, &b)
	job := func(verdict string, refs ...string) execution.JobResult {
		return execution.JobResult{Execution: execution.Execution{Verdict: verdict, Bindings: refs}, Duration: 1500 * time.Millisecond}
	}
	p.Update(execution.Counts{Done: 1, Total: 2})
	p.Finished(job(execution.Passed, "a/x tests.go[0]", "b/y tests.go[0]"))
	p.Finished(job(execution.Failed, "c\x1b]0;owned\x07/z tests.shell[0]"))
	p.Finished(job(execution.TimedOut, "bad\xff\u202e/t tests.shell[1]"))
	assert.Equal(t, "ok   a/x tests.go[0], b/y tests.go[0] (1.50s)\n"+
		`FAIL c\u001b]0;owned\u0007/z tests.shell[0] (1.50s)`+"\n"+
		`FAIL bad\xff\u202e/t tests.shell[1] (1.50s) timed out`+"\n", b.String())
}
