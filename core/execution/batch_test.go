package execution_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

// lines reads a fake framework's stdout: one "<id> <status>" per line;
// "garbage" makes it unparsed; "! <anomaly>" adds an anomaly, "~
// <anomaly>" one that leaves the report unparsed.
func lines(res ports.Result, _ []byte) (out ports.TestReport) {
	out = ports.TestReport{Parsed: true}
	for l := range strings.Lines(string(res.Stdout)) {
		id, st, ok := strings.Cut(strings.TrimSpace(l), " ")
		if !ok {
			return ports.TestReport{}
		}
		if id == "!" {
			out.Anomalies = append(out.Anomalies, st)
			continue
		}
		if id == "~" { // an anomaly that also leaves the report unfinished
			defer func() { out.Parsed = false }()
			out.Anomalies = append(out.Anomalies, st)
			continue
		}
		// "<id> <status> <duration>" reports a duration.
		st, took, _ := strings.Cut(st, " ")
		d, _ := time.ParseDuration(took)
		out.Tests = append(out.Tests, ports.TestCase{ID: id, Status: ports.TestStatus(st), Message: id + " said " + st, Duration: d})
	}
	return out
}

// batchRun runs n bindings t01..tNN (flags: their test ID) through a
// batching driver; answer plays the framework for each call.
func batchRun(t *testing.T, n int, opts execution.Options, answer func(cmd ports.Command) ports.Result, edit func(i int, b *execution.Binding)) (execution.Results, []ports.Command) {
	t.Helper()
	return batchRunTimed(t, n, opts, false, answer, edit)
}

// batchRunTimed is batchRun, with durations in the results when timings
// is set.
func batchRunTimed(t *testing.T, n int, opts execution.Options, timings bool, answer func(cmd ports.Command) ports.Result, edit func(i int, b *execution.Binding)) (execution.Results, []ports.Command) {
	t.Helper()
	d := portstest.BatchDriver{Driver: &portstest.Driver{Adapter: "fw", Default: []string{"fw"}, ParseFunc: lines}}
	return batchRunWith(t, d, n, opts, timings, answer, edit)
}

// batchRunWith is batchRunTimed through the batching driver d.
func batchRunWith(t *testing.T, d ports.Driver, n int, opts execution.Options, timings bool, answer func(cmd ports.Command) ports.Result, edit func(i int, b *execution.Binding)) (execution.Results, []ports.Command) {
	t.Helper()
	flags := make([]string, n)
	for i := range flags {
		flags[i] = fmt.Sprintf("t%02d", i+1)
	}
	return runFlags(t, d, flags, opts, timings, answer, edit)
}

// runFlags runs one binding s01..sNN of each flags through driver d
// (command "fw"); answer plays the framework for each call.
func runFlags(t *testing.T, d ports.Driver, flags []string, opts execution.Options, timings bool, answer func(cmd ports.Command) ports.Result, edit func(i int, b *execution.Binding)) (execution.Results, []ports.Command) {
	t.Helper()
	var bindings []execution.Binding
	var invs []execution.Invocation
	for i := 1; i <= len(flags); i++ {
		b := binding("c", fmt.Sprintf("s%02d", i), contract.Entry{Type: "fw", Flags: flags[i-1]})
		if edit != nil {
			edit(i, &b)
		}
		inv, err := resolveAdapter(config.Config{DefaultTimeoutSeconds: 5}, b, []string{"fw"}, d, ports.SourceManifest, "")
		require.NoError(t, err)
		bindings, invs = append(bindings, b), append(invs, inv)
	}
	var mu sync.Mutex
	var calls []ports.Command
	proc := &portstest.Process{Func: func(_ context.Context, cmd ports.Command) (ports.Result, error) {
		mu.Lock()
		calls = append(calls, cmd)
		mu.Unlock()
		return answer(cmd), nil
	}}
	res := execution.Run(t.Context(), execution.Env{Process: proc, Dir: "/repo", Scratch: &portstest.Scratch{}, Timings: timings}, execution.Plan(bindings, invs), opts)
	return res, calls
}

// passAll answers every selected ID (argv words after "fw" that are IDs)
// with passed.
func passAll(cmd ports.Command) ports.Result {
	var b strings.Builder
	for _, a := range cmd.Argv[1:] {
		fmt.Fprintf(&b, "%s passed\n", a)
	}
	return ports.Result{Stdout: []byte(b.String())}
}

func TestBatchThreshold(t *testing.T) {
	tests := []struct {
		name      string
		n         int
		opts      execution.Options
		wantCalls int
	}{
		{"nine bindings run once", 9, execution.Options{Workers: 2, Batch: true}, 1},
		{"eight keep their own processes", 8, execution.Options{Workers: 2, Batch: true}, 8},
		{"batching off", 9, execution.Options{Workers: 2}, 9},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, calls := batchRun(t, tt.n, tt.opts, passAll, nil)
			assert.Len(t, calls, tt.wantCalls)
			assert.Equal(t, tt.n, res.Passed)
			require.Len(t, res.Executions, tt.n, "one execution per job, batched or not")
			if tt.wantCalls == 1 {
				require.Len(t, res.Batches, 1)
				assert.Equal(t, "batch-1", res.Executions[0].Batch)
				assert.Len(t, res.Batches[0].Bindings, tt.n)
				assert.Equal(t, []string{"fw", "t01", "t02", "t03", "t04", "t05", "t06", "t07", "t08", "t09"}, calls[0].Argv)
			} else {
				assert.Empty(t, res.Batches)
				assert.Empty(t, res.Executions[0].Batch)
			}
		})
	}
}

func TestBatchIneligibleRunsAlone(t *testing.T) {
	res, calls := batchRun(t, 10, execution.Options{Workers: 1, Batch: true}, passAll, func(i int, b *execution.Binding) {
		if i == 10 {
			b.Entry.Flags = "-x t10"
		}
	})
	assert.Len(t, calls, 2, "nine batched, one with an option alone")
	assert.Equal(t, 10, res.Passed)
	assert.Empty(t, res.Executions[9].Batch)
}

func TestBatchAttribution(t *testing.T) {
	answer := func(cmd ports.Command) ports.Result {
		if len(cmd.Argv) == 2 {
			return passAll(cmd)
		}
		return ports.Result{ExitCode: 1, Stdout: []byte("t01 passed\nt02 failed\nt03 skipped\nt05 passed\nt06 passed\nt07 passed\nt08 passed\nt09 passed\n")}
	}
	res, _ := batchRun(t, 9, execution.Options{Workers: 1, Batch: true}, answer, nil)
	assert.Equal(t, 6, res.Passed, "s01, s05-s09")
	verdicts := map[string]string{}
	for _, ex := range res.Executions {
		verdicts[ex.Bindings[0]] = ex.Verdict
	}
	assert.Equal(t, execution.Failed, verdicts["c/s02 tests.fw[0]"])
	assert.Equal(t, execution.NoTestsRan, verdicts["c/s03 tests.fw[0]"], "a skip proves nothing")
	assert.Equal(t, execution.Passed, verdicts["c/s01 tests.fw[0]"], "the batch's exit status does not fail it")
	kinds := map[string]finding.Kind{}
	for _, f := range res.Findings {
		kinds[f.Scenario.ID] = f.Kind
	}
	// s04 matched nothing: no-tests-ran, although the batch failed
	// (C-batch-matched-zero, issue 23 item 8).
	assert.Equal(t, map[string]finding.Kind{"s02": finding.TestFailing, "s03": finding.NoTestsRan, "s04": finding.NoTestsRan}, kinds)
	for _, f := range res.Findings {
		if f.Kind == finding.TestFailing {
			assert.Equal(t, "t02", f.Test.FailedTests[0].Name)
			assert.Contains(t, f.Test.StdoutTail, "t02 said failed")
			assert.NotContains(t, f.Test.StdoutTail, "t01", "other members' output is not this binding's")
		}
	}
}

func TestBatchMatchedZeroIgnoresExitZero(t *testing.T) {
	answer := func(cmd ports.Command) ports.Result { return ports.Result{Stdout: []byte("t01 passed\n")} }
	res, calls := batchRun(t, 9, execution.Options{Workers: 1, Batch: true}, answer, nil)
	assert.Len(t, calls, 1)
	assert.Equal(t, 1, res.Passed)
	assert.Len(t, res.Findings, 8)
	for _, f := range res.Findings {
		assert.Equal(t, finding.NoTestsRan, f.Kind)
	}
}

func TestBatchFallback(t *testing.T) {
	tests := []struct {
		name   string
		answer ports.Result
		reason string
	}{
		{"unparseable", ports.Result{Stdout: []byte("garbage")}, "unparseable or cut short"},
		// Issue 36: the reason names the setting that bounds the batch and
		// how far its tests had got.
		{"timed out", ports.Result{TimedOut: true, ExitCode: -1}, "timed out after 7s, the timeout_seconds of tests.fw[0] in .espectacular/c/s04.toml and the largest bound of its bindings; no test had reported a result yet"},
		{"timed out after some tests", ports.Result{TimedOut: true, ExitCode: -1, Stdout: []byte("t01 passed 1500ms\nt02 passed 1000ms\n")}, "by then 2 tests had reported, having run 2.5s between them"},
		{"killed", ports.Result{Signaled: true, ExitCode: -1}, "killed by a signal"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			answer := func(cmd ports.Command) ports.Result {
				if len(cmd.Argv) > 2 {
					return tt.answer
				}
				return passAll(cmd)
			}
			res, calls := batchRun(t, 9, execution.Options{Workers: 1, Batch: true}, answer, func(i int, b *execution.Binding) {
				if i == 4 {
					b.Entry.TimeoutSeconds = 7
				}
			})
			assert.Len(t, calls, 10, "the batch, then each binding alone")
			assert.Equal(t, 7*time.Second, calls[0].Timeout, "the batch runs under its largest timeout")
			assert.Equal(t, 9, res.Passed, "the re-runs decide")
			require.Len(t, res.Findings, 9)
			for _, f := range res.Findings {
				assert.Equal(t, finding.BatchFallback, f.Kind)
				assert.Contains(t, f.Message, tt.reason)
			}
			require.Len(t, res.Batches, 1)
			assert.Contains(t, res.Batches[0].Fallback, tt.reason)
			assert.Equal(t, tt.answer.TimedOut, res.Batches[0].TimedOut)
			for _, ex := range res.Executions {
				assert.Empty(t, ex.Batch, "issue 27: a re-run ran on its own; its argv and exit code are its own")
			}
		})
	}
}

// TestBatchChunksFitArgLimit: a group whose one argv would pass the
// argument budget runs as several batched invocations, each within it, each
// with more than one member, none per binding just for size (issue 23 item 13).
func TestBatchChunksFitArgLimit(t *testing.T) {
	long := strings.Repeat("x", 2000)
	res, calls := batchRun(t, 60, execution.Options{Workers: 2, Batch: true}, passAll, func(i int, b *execution.Binding) {
		b.Entry.Flags = fmt.Sprintf("t%02d%s", i, long)
	})
	assert.Equal(t, 60, res.Passed)
	require.Greater(t, len(calls), 1, "120 KB of selectors cannot be one argv")
	assert.Len(t, res.Batches, len(calls), "every chunk is a batch of its own")
	members := 0
	for _, c := range calls {
		size := 0
		for _, a := range c.Argv {
			size += len(a) + 1
		}
		assert.LessOrEqual(t, size, execution.MaxBatchArgv)
		assert.Greater(t, len(c.Argv), 2, "no chunk of a single binding")
		members += len(c.Argv) - 1
	}
	assert.Equal(t, 60, members)
	for _, b := range res.Batches {
		assert.Empty(t, b.Fallback)
	}
}

// TestBatchChunkOversizedMemberRunsAlone: a binding whose selector alone
// passes the per-argument bound keeps its own process; the rest still batch.
func TestBatchChunkOversizedMemberRunsAlone(t *testing.T) {
	res, calls := batchRun(t, 10, execution.Options{Workers: 1, Batch: true}, passAll, func(i int, b *execution.Binding) {
		if i == 10 {
			b.Entry.Flags = "t10" + strings.Repeat("y", execution.MaxBatchArg)
		}
	})
	assert.Equal(t, 10, res.Passed)
	assert.Len(t, calls, 2)
	assert.Empty(t, res.Executions[9].Batch)
}
