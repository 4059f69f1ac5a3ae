package execution_test

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/ports"
)

func ptr[T any](v T) *T { return &v }

func TestJudgeVerdicts(t *testing.T) {
	tests := []struct {
		name        string
		outcome     execution.Outcome
		verdict     string
		exitCode    *int
		timedOut    bool
		stderr      string
		message     string
		interrupted bool
	}{
		{
			name:    "exit 0 passes",
			outcome: execution.Outcome{Result: ports.Result{ExitCode: 0}},
			verdict: execution.Passed, exitCode: ptr(0),
		},
		{
			name:    "non-zero exit fails with its code",
			outcome: execution.Outcome{Result: ports.Result{ExitCode: 3, Stdout: []byte("out\n"), Stderr: []byte("boom\n")}},
			verdict: execution.Failed, exitCode: ptr(3), stderr: "boom\n",
			message: "tests.shell[0] of .espectacular/c/a.toml exited with status 3",
		},
		{
			name:    "killed by a signal has no exit code",
			outcome: execution.Outcome{Result: ports.Result{ExitCode: -1, Signaled: true}},
			verdict: execution.Failed, exitCode: nil,
			message: "tests.shell[0] of .espectacular/c/a.toml was killed by a signal",
		},
		{
			name:    "timed out has no exit code",
			outcome: execution.Outcome{Result: ports.Result{ExitCode: -1, TimedOut: true, Signaled: true}},
			verdict: execution.TimedOut, exitCode: nil, timedOut: true,
			message: "tests.shell[0] of .espectacular/c/a.toml timed out after 60s and was stopped",
		},
		{
			name:    "timed out even if the child exited with a status while stopping",
			outcome: execution.Outcome{Result: ports.Result{ExitCode: 130, TimedOut: true}},
			verdict: execution.TimedOut, exitCode: nil, timedOut: true,
			message: "tests.shell[0] of .espectacular/c/a.toml timed out after 60s and was stopped",
		},
		{
			name:    "not started has no exit code and says why",
			outcome: execution.Outcome{Result: ports.Result{ExitCode: -1}, StartErr: errors.New(`start "/bin/sh": no such file or directory`)},
			verdict: execution.Failed, exitCode: nil, stderr: `start "/bin/sh": no such file or directory`,
			message: `tests.shell[0] of .espectacular/c/a.toml could not start: start "/bin/sh": no such file or directory`,
		},
		{
			name:    "cancelled while running is not judged",
			outcome: execution.Outcome{Result: ports.Result{ExitCode: -1, Canceled: true}},
			verdict: execution.NotRun, exitCode: nil, interrupted: true,
		},
		{
			name:    "never started is not judged",
			outcome: execution.Outcome{Skipped: true},
			verdict: execution.NotRun, exitCode: nil, interrupted: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			jobs := plan(t, shell("a", "./check.sh"))
			r := judge(t.Context(), jobs, []execution.Outcome{tt.outcome}, false)

			require.Len(t, r.Executions, 1)
			ex := r.Executions[0]
			assert.Equal(t, tt.verdict, ex.Verdict)
			assert.Equal(t, tt.exitCode, ex.ExitCode)
			assert.Equal(t, []string{"c/a tests.shell[0]"}, ex.Bindings)
			assert.Equal(t, tt.interrupted, r.Interrupted)

			if tt.verdict != execution.Failed && tt.verdict != execution.TimedOut {
				assert.Empty(t, r.Findings)
				assert.Equal(t, b2i(tt.verdict == execution.Passed), r.Passed)
				return
			}
			require.Len(t, r.Findings, 1)
			f := r.Findings[0]
			assert.Equal(t, finding.TestFailing, f.Kind)
			assert.Equal(t, finding.Execution, f.Category)
			assert.True(t, f.Blocking())
			assert.Equal(t, tt.message, f.Message)
			assert.Equal(t, ".espectacular/c/a.toml", f.ContractPath)
			assert.Equal(t, "c", f.Spec)
			assert.Equal(t, "a", f.Scenario.ID)
			require.NotNil(t, f.Test)
			assert.Equal(t, "shell", f.Test.Type)
			assert.Equal(t, "./check.sh", f.Test.Command)
			assert.Equal(t, []string{"/bin/sh", "-c", "./check.sh"}, f.Test.Argv)
			assert.Equal(t, tt.exitCode, f.Test.ExitCode)
			assert.Equal(t, tt.timedOut, f.Test.TimedOut)
			assert.Equal(t, string(tt.outcome.Result.Stdout), f.Test.StdoutTail)
			assert.Equal(t, tt.stderr, f.Test.StderrTail)
			assert.Empty(t, f.Test.SharedWith)
			assert.Nil(t, f.Test.DurationMS)
			assert.Zero(t, r.Passed)
		})
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestJudgeRunnerBinding(t *testing.T) {
	cfg := mustConfig(t, "[runners]\nunit = [\"uv\", \"run\", \"pytest\"]\n")
	b := binding("parser", "empty-input", contract.Entry{Type: "unit", Flags: "tests/test_parser.py::test_empty_input"})
	inv, err := resolve(cfg, b)
	require.NoError(t, err)
	jobs := execution.Plan([]execution.Binding{b}, []execution.Invocation{inv})

	r := judge(t.Context(), jobs, []execution.Outcome{{Result: ports.Result{ExitCode: 1, Stdout: []byte("1 failed")}}}, false)
	require.Len(t, r.Findings, 1)
	tst := r.Findings[0].Test
	assert.Equal(t, "unit", tst.Type)
	assert.Equal(t, []string{"uv", "run", "pytest", "tests/test_parser.py::test_empty_input"}, tst.Argv)
	assert.Equal(t, "uv run pytest tests/test_parser.py::test_empty_input", tst.Command)
	assert.Equal(t, ptr(1), tst.ExitCode)
	assert.Equal(t, "1 failed", tst.StdoutTail)
}

func TestJudgeSharedInvocation(t *testing.T) {
	// Three contracts declare the same command; a fourth runs something else.
	jobs := plan(t, shell("b", "make test"), shell("a", "make test"), shell("z", "true"), shell("c", "make test"))
	require.Len(t, jobs, 2)

	t.Run("a pass counts once per binding", func(t *testing.T) {
		r := judge(t.Context(), jobs, []execution.Outcome{{}, {}}, false)
		assert.Equal(t, 4, r.Passed)
		assert.Empty(t, r.Findings)
		assert.Equal(t, []string{"c/b tests.shell[0]", "c/a tests.shell[0]", "c/c tests.shell[0]"}, r.Executions[0].Bindings)
		assert.Equal(t, []string{"c/z tests.shell[0]"}, r.Executions[1].Bindings)
	})

	t.Run("a failure is reported for every binding with the others", func(t *testing.T) {
		r := judge(t.Context(), jobs, []execution.Outcome{{Result: ports.Result{ExitCode: 2}}, {}}, false)
		assert.Equal(t, 1, r.Passed)
		require.Len(t, r.Findings, 3)
		shared := map[string][]string{}
		for _, f := range r.Findings {
			shared[f.Scenario.ID] = f.Test.SharedWith
			assert.Equal(t, ptr(2), f.Test.ExitCode)
		}
		assert.Equal(t, map[string][]string{
			"a": {"c/b tests.shell[0]", "c/c tests.shell[0]"},
			"b": {"c/a tests.shell[0]", "c/c tests.shell[0]"},
			"c": {"c/a tests.shell[0]", "c/b tests.shell[0]"},
		}, shared)
	})
}

func TestJudgeInterruption(t *testing.T) {
	jobs := plan(t, shell("a", "ok"), shell("b", "bad"), shell("c", "running"), shell("d", "waiting"))
	outcomes := []execution.Outcome{
		{Result: ports.Result{}},
		{Result: ports.Result{ExitCode: 1}},
		{Result: ports.Result{ExitCode: -1, Canceled: true, Signaled: true}},
		{Skipped: true},
	}
	r := judge(t.Context(), jobs, outcomes, false)

	assert.True(t, r.Interrupted)
	assert.Equal(t, 1, r.Passed, "what finished before the interruption is reported")
	require.Len(t, r.Findings, 1)
	assert.Equal(t, "b", r.Findings[0].Scenario.ID)
	var verdicts []string
	for _, ex := range r.Executions {
		verdicts = append(verdicts, ex.Verdict)
	}
	assert.Equal(t, []string{execution.Passed, execution.Failed, execution.NotRun, execution.NotRun}, verdicts)
}

func TestJudgeTimings(t *testing.T) {
	jobs := plan(t, shell("a", "ok"), shell("b", "bad"), shell("c", "waiting"))
	outcomes := []execution.Outcome{
		{Result: ports.Result{Duration: 1500 * time.Millisecond}},
		{Result: ports.Result{ExitCode: 1, Duration: 20 * time.Millisecond}},
		{Skipped: true},
	}

	t.Run("without --timings there are no durations", func(t *testing.T) {
		r := judge(t.Context(), jobs, outcomes, false)
		for _, ex := range r.Executions {
			assert.Nil(t, ex.DurationMS)
		}
		assert.Nil(t, r.Findings[0].Test.DurationMS)
	})

	t.Run("with --timings every run has one", func(t *testing.T) {
		r := judge(t.Context(), jobs, outcomes, true)
		assert.Equal(t, ptr(int64(1500)), r.Executions[0].DurationMS)
		assert.Equal(t, ptr(int64(20)), r.Executions[1].DurationMS)
		assert.Nil(t, r.Executions[2].DurationMS, "a job that never started has no duration")
		assert.Equal(t, ptr(int64(20)), r.Findings[0].Test.DurationMS)
	})
}

func TestJudgeNothingToRun(t *testing.T) {
	r := judge(t.Context(), nil, nil, false)
	assert.Zero(t, r.Passed)
	assert.Empty(t, r.Findings)
	assert.False(t, r.Interrupted)
}

// TestJudgeSharedAcrossTypes: two test types configured with the same
// runner run once, but each finding reports the type its contract declared.
func TestJudgeSharedAcrossTypes(t *testing.T) {
	cfg := mustConfig(t, "[runners]\nunit = [\"make\"]\nintegration = [\"make\"]\n")
	jobs := planWith(t, cfg,
		binding("c", "a", contract.Entry{Type: "unit", Flags: "test"}),
		binding("c", "b", contract.Entry{Type: "integration", Flags: "test"}),
	)
	require.Len(t, jobs, 1, "the same argv runs once")

	r := judge(t.Context(), jobs, []execution.Outcome{{Result: ports.Result{ExitCode: 1}}}, false)
	require.Len(t, r.Findings, 2)
	types := map[string]string{}
	for _, f := range r.Findings {
		types[f.Scenario.ID] = f.Test.Type
	}
	assert.Equal(t, map[string]string{"a": "unit", "b": "integration"}, types)
}
