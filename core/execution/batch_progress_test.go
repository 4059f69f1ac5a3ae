package execution_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

// shown records what a display receives, in order: "reported <bindings>
// <verdict> <duration>" and "finished <bindings> <verdict> <duration>".
type shown struct {
	mu    sync.Mutex
	lines []string
}

func (s *shown) Update(execution.Counts) {}

func (s *shown) Finished(r execution.JobResult) {
	s.add(fmt.Sprintf("finished %s %s %s", strings.Join(r.Execution.Bindings, ","), r.Execution.Verdict, r.Duration))
}

func (s *shown) Reported(r execution.Reported) {
	s.add(fmt.Sprintf("reported %s %s %s %s", strings.Join(r.Bindings, ","), r.Verdict, r.Duration, r.Batch))
}

func (s *shown) add(l string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lines = append(s.lines, l)
}

func (s *shown) seen() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.lines...)
}

// scopedDriver batches, streams "<id> <status> <duration>" lines and
// announces a part on "end <part>"; each binding's part is its test ID.
func scopedDriver() ports.Driver {
	return portstest.ScopedBatchDriver{BatchDriver: portstest.BatchDriver{Driver: &portstest.Driver{
		Adapter: "fw", Default: []string{"fw"}, Parts: true,
		Streamed: partLines,
	}}}
}

// partLines reads a stream as lines does, without its "end <part>" lines.
func partLines(stdout []byte) ports.TestReport {
	var kept strings.Builder
	for l := range strings.Lines(string(stdout)) {
		if !strings.HasPrefix(l, "end ") {
			kept.WriteString(l)
		}
	}
	return lines(ports.Result{Stdout: []byte(kept.String())}, nil)
}

// TestBatchReportsEachBindingAsItsPartEnds (issue 37): a batch's binding
// reaches the display as soon as the framework announces the part holding
// all of its tests, while the process still runs, with its own time (a
// subtest counted within its parent); its verdict comes after the batch.
func TestBatchReportsEachBindingAsItsPartEnds(t *testing.T) {
	disp := &shown{}
	var during [][]string
	answer := func(cmd ports.Command) ports.Result {
		write := func(s string) { _, _ = cmd.Stdout.Write([]byte(s)) }
		write("t01 passed 2s\nt01/x passed 1s\n")
		during = append(during, disp.seen())
		write("end t01\n")
		during = append(during, disp.seen())
		write("end t01\nt02 failed 500ms\nend t02\n")
		for i := 3; i <= 9; i++ {
			write(fmt.Sprintf("t%02d passed 1s\n", i))
		}
		during = append(during, disp.seen())
		return ports.Result{ExitCode: 1}
	}
	res, calls := batchRunWith(t, scopedDriver(), 9, execution.Options{Workers: 1, Batch: true, Progress: disp}, false, answer, nil)
	require.Len(t, calls, 1, "one batch")
	assert.Equal(t, 8, res.Passed)
	require.Len(t, during, 3)
	assert.Empty(t, during[0], "nothing before the part ends")
	assert.Equal(t, []string{"reported c/s01 tests.fw[0] passed 2s batch-1"}, during[1], "t01 is shown while the batch runs, with its own time")
	assert.Equal(t, []string{
		"reported c/s01 tests.fw[0] passed 2s batch-1",
		"reported c/s02 tests.fw[0] failed 500ms batch-1",
	}, during[2], "a part announced twice shows its binding once")
	got := disp.seen()
	require.Len(t, got, 2+9)
	assert.Equal(t, "finished c/s01 tests.fw[0] passed 2s", got[2], "the verdict line carries the binding's own time too")
	assert.Equal(t, "finished c/s02 tests.fw[0] failed 500ms", got[3])
	assert.Equal(t, "finished c/s03 tests.fw[0] passed 1s", got[4], "a binding whose part was never announced is shown at the end")
}

// TestBatchReportsNothingWithoutScope: a batcher that cannot scope a
// selection, or a display that takes no Reported lines, shows every
// binding when the batch ends, as before.
func TestBatchReportsNothingWithoutScope(t *testing.T) {
	answer := func(cmd ports.Command) ports.Result {
		for i := 1; i <= 9; i++ {
			_, _ = fmt.Fprintf(cmd.Stdout, "t%02d passed 1s\nend t%02d\n", i, i)
		}
		return ports.Result{}
	}
	unscoped := portstest.BatchDriver{Driver: &portstest.Driver{
		Adapter: "fw", Default: []string{"fw"}, Parts: true,
		Streamed: partLines,
	}}
	disp := &shown{}
	res, _ := batchRunWith(t, unscoped, 9, execution.Options{Workers: 1, Batch: true, Progress: disp}, false, answer, nil)
	assert.Equal(t, 9, res.Passed)
	for _, l := range disp.seen() {
		assert.True(t, strings.HasPrefix(l, "finished "), l)
	}
	res, _ = batchRunWith(t, scopedDriver(), 9, execution.Options{Workers: 1, Batch: true, Progress: finishedOnly{}}, false, answer, nil)
	assert.Equal(t, 9, res.Passed)
}

// finishedOnly is a display without the Reported capability.
type finishedOnly struct{}

func (finishedOnly) Update(execution.Counts)      {}
func (finishedOnly) Finished(execution.JobResult) {}

// TestBatchReportedIsProgressOnly: a binding the stream reported passed
// still gets the batch's verdict: a batch whose report turns out
// inconsistent re-runs it on its own (the one verdict rule).
func TestBatchReportedIsProgressOnly(t *testing.T) {
	disp := &shown{}
	answer := func(cmd ports.Command) ports.Result {
		if len(cmd.Argv) == 2 { // a member re-run on its own
			return ports.Result{ExitCode: 1, Stdout: []byte(cmd.Argv[1] + " failed 1s\n")}
		}
		for i := 1; i <= 9; i++ {
			_, _ = fmt.Fprintf(cmd.Stdout, "t%02d passed 1s\nend t%02d\n", i, i)
		}
		_, _ = fmt.Fprintln(cmd.Stdout, "garbage")
		return ports.Result{}
	}
	res, calls := batchRunWith(t, scopedDriver(), 9, execution.Options{Workers: 1, Batch: true, Progress: disp}, false, answer, nil)
	assert.Len(t, calls, 10, "the batch, then each member alone")
	assert.Equal(t, 0, res.Passed)
	got := disp.seen()
	assert.Contains(t, got, "reported c/s01 tests.fw[0] passed 1s batch-1")
	assert.Contains(t, got, fmt.Sprintf("finished c/s01 tests.fw[0] failed %s", time.Duration(0)))
}

// unionDriver selects several words, as pytest's node ids do: its
// selection is the union of its terms, within a part only with one term.
type unionDriver struct {
	portstest.ScopedBatchDriver
	split bool
}

func (unionDriver) Select(flags []string) (ports.Selector, bool) {
	return ports.Selector{Terms: flags}, len(flags) > 0
}

// Split implements ports.Splitter when split is set (else it declines).
func (d unionDriver) Split(sel ports.Selector) []ports.Selector {
	if !d.split {
		return nil
	}
	var out []ports.Selector
	for _, t := range sel.Terms {
		out = append(out, ports.Selector{Terms: []string{t}})
	}
	return out
}

// TestBatchReportsASplitBindingAsItsLastPieceEnds (issue 37): a binding
// naming tests in two parts is shown once both have ended, with the tests
// of both and its own time, while the batch still runs; a driver that
// cannot split it shows it when the batch ends.
func TestBatchReportsASplitBindingAsItsLastPieceEnds(t *testing.T) {
	for _, split := range []bool{true, false} {
		disp := &shown{}
		var during [][]string
		answer := func(cmd ports.Command) ports.Result {
			write := func(s string) { _, _ = cmd.Stdout.Write([]byte(s)) }
			write("t01 passed 2s\nend t01\nt02 passed 1s\nend t02\n")
			during = append(during, disp.seen())
			write("t05 failed 3s\nend t05\nend t01\n")
			during = append(during, disp.seen())
			for _, i := range []int{3, 4, 6, 7, 8, 9} {
				write(fmt.Sprintf("t%02d passed 1s\nend t%02d\n", i, i))
			}
			return ports.Result{ExitCode: 1}
		}
		edit := func(i int, b *execution.Binding) {
			if i == 1 {
				b.Entry.Flags = "t01 t05"
			}
		}
		d := unionDriver{ScopedBatchDriver: scopedDriver().(portstest.ScopedBatchDriver), split: split}
		res, calls := batchRunWith(t, d, 9, execution.Options{Workers: 1, Batch: true, Progress: disp}, false, answer, edit)
		require.Len(t, calls, 1, "one batch")
		assert.Equal(t, 7, res.Passed, "s01 and s05 fail")
		require.Len(t, during, 2)
		assert.Equal(t, []string{"reported c/s02 tests.fw[0] passed 1s batch-1"}, during[0], "s01 waits for its second part")
		if !split {
			assert.NotContains(t, during[1], "reported c/s01 tests.fw[0] failed 5s batch-1")
			assert.Contains(t, disp.seen(), "finished c/s01 tests.fw[0] failed 5s", "shown when the batch ends")
			continue
		}
		assert.Equal(t, []string{
			"reported c/s02 tests.fw[0] passed 1s batch-1",
			"reported c/s01 tests.fw[0] failed 5s batch-1",
			"reported c/s05 tests.fw[0] failed 3s batch-1",
		}, during[1], "both of s01's parts ended: shown once, with both tests' time")
	}
}
