package cli

import (
	"bytes"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/ports/portstest"
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

// TestProgressPlainReported (issue 37): a batched binding is printed as
// soon as its tests have reported, marked as reported in its batch; when
// the batch's report holds, the batch says so once and a binding whose
// verdict is the one reported prints nothing more; one whose verdict
// differs (or a degraded batch's re-run) prints its final line.
func TestProgressPlainReported(t *testing.T) {
	var b bytes.Buffer
	p := newProgress(progressPlain, &b)
	p.Reported(execution.Reported{Bindings: []string{"a/x tests.go[0]"}, Batch: "batch-1", Verdict: execution.Passed, Duration: 2 * time.Second})
	p.Reported(execution.Reported{Bindings: []string{"a/y tests.go[0]"}, Batch: "batch-1", Verdict: execution.Failed, Duration: 250 * time.Millisecond})
	p.Reported(execution.Reported{Bindings: []string{"a/z\x1b tests.go[0]"}, Batch: "batch-1", Verdict: execution.Passed, Duration: time.Second})
	first := execution.JobResult{Execution: execution.Execution{Verdict: execution.Passed, Bindings: []string{"a/x tests.go[0]"}, Batch: "batch-1"},
		Duration: 2 * time.Second, Batch: &execution.Batch{ID: "batch-1"}}
	p.Finished(first)
	p.Finished(execution.JobResult{Execution: execution.Execution{Verdict: execution.Failed, Bindings: []string{"a/y tests.go[0]"}, Batch: "batch-1"}, Duration: time.Second})
	p.Finished(execution.JobResult{Execution: execution.Execution{Verdict: execution.NoTestsRan, Bindings: []string{"a/z\x1b tests.go[0]"}, Batch: "batch-1"}, Duration: time.Second})
	p.Finished(execution.JobResult{Execution: execution.Execution{Verdict: execution.Passed, Bindings: []string{"b/w tests.go[0]"}}, Duration: time.Second})
	assert.Equal(t, "ok   a/x tests.go[0] (2.00s, reported in batch-1)\n"+
		"FAIL a/y tests.go[0] (0.25s, reported in batch-1)\n"+
		`ok   a/z\u001b tests.go[0] (1.00s, reported in batch-1)`+"\n"+
		"ah: batch-1 ended and its report is consistent: a line reported in it is the verdict unless its binding is printed again\n"+
		`FAIL a/z\u001b tests.go[0] (1.00s) no tests ran`+"\n"+
		"ok   b/w tests.go[0] (1.00s)\n", b.String())

	b.Reset()
	p.Finished(execution.JobResult{Execution: execution.Execution{Verdict: execution.Passed, Bindings: []string{"a/x tests.go[0]"}},
		Duration: time.Second, Batch: &execution.Batch{ID: "batch-1", Fallback: "it was killed by a signal\x1b[2J"}})
	assert.Equal(t, `ah: batch-1 degraded (it was killed by a signal\u001b[2J): the lines reported in it are not verdicts; its bindings re-ran on their own`+"\n"+
		"ok   a/x tests.go[0] (1.00s)\n", b.String(), "a re-run's line is printed even when it agrees")

	b.Reset()
	p.Finished(execution.JobResult{Execution: execution.Execution{Verdict: execution.NotRun, Bindings: []string{"a/x tests.go[0]"}, Batch: "batch-1"},
		Interrupted: true, Batch: &execution.Batch{ID: "batch-1"}})
	assert.Equal(t, "ah: batch-1 was interrupted: the lines reported in it are not verdicts\n"+
		"stop a/x tests.go[0] (0.00s)\n", b.String(), "a cancelled batch confirms nothing")
}

// lineChan is a writer handing each write to a channel.
type lineChan chan string

func (c lineChan) Write(b []byte) (int, error) {
	c <- string(b)
	return len(b), nil
}

// TestProgressHeartbeat (issue 37): a plain display silent for a minute
// prints how many bindings still run; a line written in between restarts
// the minute. Time comes from the clock port only: the fake's alarms.
func TestProgressHeartbeat(t *testing.T) {
	clock := &portstest.Clock{T: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), Alarm: make(chan time.Time), Asked: make(chan time.Duration, 1)}
	out := make(lineChan, 10)
	p := newProgress(progressPlain, out)
	stop := p.heartbeat(clock)
	// wake moves the clock on, ends the wait and returns the next wait
	// the heartbeat asks for, once it asked.
	wake := func(d time.Duration) time.Duration {
		clock.Advance(d)
		clock.Alarm <- time.Time{}
		return <-clock.Asked
	}
	assert.Equal(t, time.Minute, <-clock.Asked)
	assert.Equal(t, time.Minute, wake(time.Minute))
	assert.Equal(t, "ah: still running: preparing the tests\n", <-out, "before the first test starts")
	p.Update(execution.Counts{Running: 3, Done: 1, Total: 4})
	assert.Equal(t, 30*time.Second, wake(30*time.Second), "half a minute since the last line: no heartbeat yet")
	assert.Empty(t, out)
	assert.Equal(t, time.Minute, wake(30*time.Second))
	assert.Equal(t, "ah: still running: 3 bindings running, 1 of 4 done\n", <-out)
	clock.Advance(45 * time.Second)
	p.Finished(execution.JobResult{Execution: execution.Execution{Verdict: execution.Passed, Bindings: []string{"a/x tests.go[0]"}}})
	assert.Equal(t, "ok   a/x tests.go[0] (0.00s)\n", <-out)
	assert.Equal(t, time.Minute, wake(0), "a line restarts the minute")
	assert.Empty(t, out)
	assert.Equal(t, time.Minute, wake(time.Minute))
	assert.Equal(t, "ah: still running: 3 bindings running, 1 of 4 done\n", <-out)
	stop()
	assert.Empty(t, out)
}

// TestProgressHeartbeatOff: no display, the bar, or no clock starts no
// heartbeat.
func TestProgressHeartbeatOff(t *testing.T) {
	clock := &portstest.Clock{}
	var none *progress
	none.heartbeat(clock)()
	newProgress(progressBar, &bytes.Buffer{}).heartbeat(clock)()
	newProgress(progressPlain, &bytes.Buffer{}).heartbeat(nil)()
	assert.Empty(t, clock.Waits())
}
