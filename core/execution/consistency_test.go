package execution_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/report"
	"github.com/espectacular/ah/ports"
)

// TestBatchInconsistentFallsBack: a batch whose report contradicts itself
// or its process falls back to per-binding runs, whose exit statuses give
// the verdicts, and names the cause (issue 23, item 1).
func TestBatchInconsistentFallsBack(t *testing.T) {
	tests := []struct {
		name   string
		batch  ports.Result
		reRun  func(argv []string) ports.Result // nil: every re-run passes
		cause  string
		passed int
	}{
		{
			"an anomaly the driver reported",
			ports.Result{Stdout: []byte("! a second result for t02\nt01 passed\nt02 passed\n")},
			nil, execution.CauseAnomaly + "a second result for t02", 9,
		},
		{
			"an unfinished report with an anomaly (pytest exited 0 before its session ended)",
			ports.Result{Stdout: []byte("t01 passed\n~ pytest ended early\n")},
			nil, execution.CauseAnomaly + "pytest ended early", 9,
		},
		{
			"a second result for one test",
			ports.Result{ExitCode: 1, Stdout: []byte("t02 failed\nt01 passed\nt02 passed\n")},
			failing("t02"), execution.CauseDuplicate + "t02", 8,
		},
		{
			"a non-zero exit with every test passed",
			ports.Result{ExitCode: 1, Stdout: []byte("t01 passed\nt02 passed\n")},
			failing("t02"), execution.CauseExitNonZero + "1", 8,
		},
		{
			"a zero exit with a test failed",
			ports.Result{Stdout: []byte("t01 passed\nt02 failed\n")},
			failing("t02"), execution.CauseExitZero + "t02 failed", 8,
		},
		{
			"a failed test no binding selects",
			ports.Result{ExitCode: 1, Stdout: []byte("t01 passed\nghost failed\n")},
			nil, execution.CauseUnclaimed + "ghost", 9,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			answer := func(cmd ports.Command) ports.Result {
				if len(cmd.Argv) > 2 {
					return tt.batch
				}
				if tt.reRun != nil {
					return tt.reRun(cmd.Argv)
				}
				return passAll(cmd)
			}
			res, calls := batchRun(t, 9, execution.Options{Workers: 1, Batch: true}, answer, nil)
			assert.Len(t, calls, 10, "the batch, then each binding alone")
			assert.Equal(t, tt.passed, res.Passed, "the re-runs decide")
			require.Len(t, res.Batches, 1)
			assert.True(t, strings.HasPrefix(res.Batches[0].Fallback, tt.cause), res.Batches[0].Fallback)
			n := 0
			for _, f := range res.Findings {
				if f.Kind == finding.BatchFallback {
					n++
					assert.Contains(t, f.Message, tt.cause)
				}
			}
			assert.Equal(t, 9, n)
		})
	}
}

// failing answers a re-run of id with a failure, every other with a pass.
func failing(id string) func([]string) ports.Result {
	return func(argv []string) ports.Result {
		if argv[len(argv)-1] == id {
			return ports.Result{ExitCode: 1, Stdout: []byte(id + " failed\n")}
		}
		return ports.Result{Stdout: []byte(argv[len(argv)-1] + " passed\n")}
	}
}

// TestBatchConsistentAttributes: exit statuses that agree with the report
// keep attribution (no fallback).
func TestBatchConsistentAttributes(t *testing.T) {
	all := "t01 passed\nt02 passed\nt03 passed\nt04 passed\nt05 passed\nt06 passed\nt07 passed\nt08 passed\nt09 passed\n"
	for name, r := range map[string]ports.Result{
		"exit 0, all passed":     {Stdout: []byte(all)},
		"exit 1, one failed":     {ExitCode: 1, Stdout: []byte(strings.Replace(all, "t09 passed", "t09 failed", 1))},
		"exit 1, nothing passed": {ExitCode: 5, Stdout: []byte("")},
	} {
		t.Run(name, func(t *testing.T) {
			res, calls := batchRun(t, 9, execution.Options{Workers: 1, Batch: true}, func(ports.Command) ports.Result { return r }, nil)
			assert.Len(t, calls, 1)
			require.Len(t, res.Batches, 1)
			assert.Empty(t, res.Batches[0].Fallback)
		})
	}
}

// TestBatchSkipNotPassed: a matched skip next to a pass fails the binding
// and names the skip; skips alone are no-tests-ran (issue 23, item 7).
func TestBatchSkipNotPassed(t *testing.T) {
	answer := func(ports.Command) ports.Result {
		return ports.Result{Stdout: []byte("t01 passed\nt01/a skipped\nt02 skipped\nt03 passed\nt04 passed\nt05 passed\nt06 passed\nt07 passed\nt08 passed\nt09 passed\n")}
	}
	res, _ := batchRun(t, 9, execution.Options{Workers: 1, Batch: true}, answer, nil)
	assert.Equal(t, 7, res.Passed)
	byID := map[string]finding.Finding{}
	for _, f := range res.Findings {
		byID[f.Scenario.ID] = f
	}
	require.Len(t, byID, 2)
	assert.Equal(t, finding.TestFailing, byID["s01"].Kind)
	assert.Contains(t, byID["s01"].Message, "matched skipped tests in batched invocation batch-1: 1 skipped (t01/a)")
	assert.Equal(t, finding.NoTestsRan, byID["s02"].Kind)
	assert.Equal(t, execution.Failed, res.Executions[0].Verdict)
}

// TestBatchMemberTimeout: a member whose matched tests took longer than
// its own timeout_seconds times out as it would alone, although the batch
// ran under the largest bound (issue 23, item 6).
func TestBatchMemberTimeout(t *testing.T) {
	answer := func(ports.Command) ports.Result {
		return ports.Result{Stdout: []byte("t01 passed 3s\nt02 passed 3s\nt03 passed\nt04 passed\nt05 passed\nt06 passed\nt07 passed\nt08 passed\nt09 passed 40ms\n")}
	}
	res, calls := batchRun(t, 9, execution.Options{Workers: 1, Batch: true}, answer, func(i int, b *execution.Binding) {
		switch i {
		case 1:
			b.Entry.TimeoutSeconds = 1
		case 2:
			b.Entry.TimeoutSeconds = 30
		}
	})
	require.Len(t, calls, 1)
	assert.Equal(t, 8, res.Passed, "t02 took 3s of its 30s")
	require.Len(t, res.Findings, 1)
	f := res.Findings[0]
	assert.Equal(t, finding.TestFailing, f.Kind)
	assert.True(t, f.Test.TimedOut)
	assert.Contains(t, f.Message, "timed out in batched invocation batch-1: its matched tests took 3.0s, more than its timeout_seconds (1s)")
	assert.Equal(t, execution.TimedOut, res.Executions[0].Verdict)
}

// TestBatchMemberTimeoutCountsSubtestsOnce: a parent's reported time
// already holds its subtests' (go's Elapsed), so a member matching both is
// timed by the parent alone, never by their sum.
func TestBatchMemberTimeoutCountsSubtestsOnce(t *testing.T) {
	answer := func(ports.Command) ports.Result {
		return ports.Result{Stdout: []byte("t01 passed 3s\nt01/x passed 2s\nt02 passed\nt03 passed\nt04 passed\nt05 passed\nt06 passed\nt07 passed\nt08 passed\nt09 passed\n")}
	}
	res, _ := batchRun(t, 9, execution.Options{Workers: 1, Batch: true}, answer, func(i int, b *execution.Binding) {
		if i == 1 {
			b.Entry.TimeoutSeconds = 4
		}
	})
	assert.Equal(t, 9, res.Passed, "t01 took 3s of its 4s, its subtest inside that")
	assert.Empty(t, res.Findings)
}

// TestEvidence: each execution names what its verdict rests on and the
// tests it ran, bounded, durations only with --timings (issue 23, item 11).
func TestEvidence(t *testing.T) {
	answer := func(cmd ports.Command) ports.Result {
		if len(cmd.Argv) == 2 && cmd.Argv[1] == "t02" {
			return ports.Result{Stdout: []byte("garbage")}
		}
		var b strings.Builder
		for _, a := range cmd.Argv[1:] {
			b.WriteString(a + " passed 5ms\n")
		}
		return ports.Result{Stdout: []byte(b.String())}
	}
	t.Run("unbatched", func(t *testing.T) {
		res, _ := batchRunTimed(t, 2, execution.Options{Workers: 1}, false, answer, nil)
		assert.Equal(t, report.EvidenceTests, res.Executions[0].Evidence)
		assert.Equal(t, []report.TestRun{{ID: "t01", Outcome: "passed"}}, res.Executions[0].Tests)
		assert.Equal(t, 1, res.Executions[0].TestCount)
		assert.Equal(t, report.EvidenceReportMissing, res.Executions[1].Evidence, "an unreadable report is no proof")
		assert.Equal(t, execution.NoTestsRan, res.Executions[1].Verdict, "an exit status alone passes nothing (issue 36)")
	})
	t.Run("batched, with timings", func(t *testing.T) {
		res, _ := batchRunTimed(t, 9, execution.Options{Workers: 1, Batch: true}, true, answer, nil)
		ms := int64(5)
		assert.Equal(t, []report.TestRun{{ID: "t03", Outcome: "passed", DurationMS: &ms}}, res.Executions[2].Tests)
		assert.Equal(t, report.EvidenceTests, res.Executions[2].Evidence)
	})
	t.Run("bounded", func(t *testing.T) {
		many := func(ports.Command) ports.Result {
			var b strings.Builder
			for i := range 250 {
				b.WriteString("t01" + strings.Repeat("x", i) + " passed\n")
			}
			return ports.Result{Stdout: []byte(b.String())}
		}
		res, _ := batchRun(t, 1, execution.Options{Workers: 1}, many, nil)
		assert.Len(t, res.Executions[0].Tests, report.MaxEvidenceTests)
		assert.Equal(t, 250, res.Executions[0].TestCount)
	})
}
