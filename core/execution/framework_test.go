package execution_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

// fw is a framework whose reporter writes the report named by the driver.
func fw(parse func(ports.Result, []byte) ports.TestReport) *portstest.Driver {
	return &portstest.Driver{
		Adapter: "fw", Default: []string{"fw", "run"}, Flags: []string{"--report"}, Report: "r.json",
		Written: map[string][]byte{"plugin.txt": []byte("plugin")}, Tail: 1 << 20,
		Env: []string{"PYTHONPATH=$SCRATCH"}, ParseFunc: parse,
	}
}

// run drives the whole adapter pipeline for bindings: invoke, plan, then
// each job's life in a worker (prepare, run, read, judge, clean up). answer plays the framework: it gets the
// command and may write the report through the scratch.
type runResult struct {
	execution.Results
	calls   []ports.Command
	scratch *portstest.Scratch
}

func runAdapter(t *testing.T, d ports.Driver, answer func(ports.Command, *portstest.Scratch) (ports.Result, error), bindings ...execution.Binding) runResult {
	t.Helper()
	scratch := &portstest.Scratch{}
	var mu sync.Mutex
	var calls []ports.Command
	proc := &portstest.Process{Func: func(_ context.Context, cmd ports.Command) (ports.Result, error) {
		mu.Lock()
		calls = append(calls, cmd)
		mu.Unlock()
		return answer(cmd, scratch)
	}}
	var invs []execution.Invocation
	for _, b := range bindings {
		inv, err := resolveAdapter(config.Config{DefaultTimeoutSeconds: 60}, b, []string{"fw", "run"}, d, ports.SourceManifest, "1.2.3")
		require.NoError(t, err)
		invs = append(invs, inv)
	}
	jobs := execution.Plan(bindings, invs)
	getenv := func(k string) string { return map[string]string{"PYTHONPATH": "/user/src"}[k] }
	res := execution.Run(t.Context(), execution.Env{Process: proc, Dir: "/repo", Scratch: scratch, Getenv: getenv}, jobs, execution.Options{Workers: 2})
	assert.Empty(t, scratch.Live(), "every scratch directory is removed")
	return runResult{res, calls, scratch}
}

func fwBinding(id, flags string) execution.Binding {
	return binding("c", id, contract.Entry{Type: "python", Flags: flags})
}

func writeReport(cmd ports.Command, s *portstest.Scratch) {
	for _, kv := range cmd.Env {
		if dir, ok := strings.CutPrefix(kv, "PYTHONPATH="); ok {
			s.Put(strings.Split(dir, ":")[0]+"/r.json", []byte("report"))
		}
	}
}

func TestAdapterCommand(t *testing.T) {
	d := fw(func(ports.Result, []byte) ports.TestReport { return ports.TestReport{} })
	r := runAdapter(t, d, func(cmd ports.Command, s *portstest.Scratch) (ports.Result, error) {
		data, err := s.ReadFile("/scratch/1/plugin.txt")
		assert.NoError(t, err, "the driver's files are in scratch before the run")
		assert.Equal(t, "plugin", string(data))
		return ports.Result{}, nil
	}, fwBinding("a", "tests/x -k 'a b'"))
	require.Len(t, r.calls, 1)
	cmd := r.calls[0]
	assert.Equal(t, []string{"fw", "run", "tests/x", "-k", "a b", "--report"}, cmd.Argv, "the driver's flags behind the declared command")
	assert.Equal(t, []string{"PYTHONPATH=/scratch/1:/user/src"}, cmd.Env, "the inherited path list is kept after the driver's entry")
	assert.Equal(t, 1<<20, cmd.TailBytes)
	assert.Equal(t, "/repo", cmd.Dir)

	require.Len(t, r.Executions, 1)
	ex := r.Executions[0]
	assert.Equal(t, cmd.Argv, ex.Argv, "argv is exactly what was executed, reporter flags included")
	assert.Equal(t, "fw run tests/x -k 'a b'", ex.Command, "command is the declared one")
	assert.Equal(t, []string{"fw", ports.SourceManifest, "1.2.3"}, []string{ex.Adapter, ex.DetectionSource, ex.Version})
}

func TestAdapterVerdicts(t *testing.T) {
	pass := ports.TestCase{ID: "t::pass", Status: ports.TestPassed}
	fail := ports.TestCase{ID: "/repo/t::fail", Status: ports.TestFailed, Message: "assert 1 == 2\n"}
	skip := ports.TestCase{ID: "t::skip", Status: ports.TestSkipped}
	tests := []struct {
		name    string
		report  *ports.TestReport // nil: the framework wrote no report
		result  ports.Result
		err     error
		class   string
		verdict string
		kind    finding.Kind // "" when the binding passes
		typ     string
		message string
		// action is the expected suggested_action when it is not the
		// kind's own (issue 8: only a test that ran and failed is
		// edit_code_not_scenario).
		action finding.Action
		failed []finding.FailedTest
	}{
		{name: "tests passed, exit 0", report: &ports.TestReport{Parsed: true, Tests: []ports.TestCase{pass}},
			verdict: execution.Passed},
		// Issue 36: a selected skip beside a pass fails, as in a batch.
		{name: "a pass beside a skip, exit 0", report: &ports.TestReport{Parsed: true, Tests: []ports.TestCase{pass, skip}},
			verdict: execution.Failed, kind: finding.TestFailing, typ: "fw",
			message: "tests.python[0] of .espectacular/c/a.toml passed, but its flags select skipped tests: 1 skipped (" + skip.ID + "); a pass needs every selected test to run and pass; a skipped, todo or xfail test proves nothing: make the test run, or narrow the flags to the tests that prove this scenario"},
		{name: "nothing ran, exit 0", report: &ports.TestReport{Parsed: true},
			verdict: execution.NoTestsRan, kind: finding.NoTestsRan, typ: "fw",
			message: "tests.python[0] of .espectacular/c/a.toml ran no test (exit status 0): its flags select nothing, or only skipped tests; fix them so they select the test that proves this scenario"},
		{name: "only skipped tests, exit 0", report: &ports.TestReport{Parsed: true, Tests: []ports.TestCase{skip}},
			verdict: execution.NoTestsRan, kind: finding.NoTestsRan, typ: "fw",
			message: "tests.python[0] of .espectacular/c/a.toml ran no test (exit status 0, 1 skipped): its flags select nothing, or only skipped tests; fix them so they select the test that proves this scenario"},
		{name: "nothing ran, non-zero exit (pytest 5) is test-failing", report: &ports.TestReport{Parsed: true}, result: ports.Result{ExitCode: 5},
			verdict: execution.Failed, kind: finding.TestFailing, typ: "fw",
			message: "tests.python[0] of .espectacular/c/a.toml exited with status 5: no test ran, nothing was collected: its flags select nothing, or only skipped tests; fix them so they select the test that proves this scenario",
			action:  finding.FixToolInvocation},
		{name: "only skipped, non-zero exit is test-failing", report: &ports.TestReport{Parsed: true, Tests: []ports.TestCase{{ID: "t::s", Status: ports.TestSkipped}}}, result: ports.Result{ExitCode: 1},
			verdict: execution.Failed, kind: finding.TestFailing, typ: "fw",
			message: "tests.python[0] of .espectacular/c/a.toml exited with status 1: no test ran (1 skipped): its flags select nothing, or only skipped tests; fix them so they select the test that proves this scenario",
			action:  finding.FixToolInvocation},
		{name: "a failed test, named relative to the repository", report: &ports.TestReport{Parsed: true, Tests: []ports.TestCase{pass, fail}},
			result: ports.Result{ExitCode: 1}, verdict: execution.Failed, kind: finding.TestFailing, typ: "fw",
			message: "tests.python[0] of .espectacular/c/a.toml exited with status 1: 1 failed (t::fail)",
			failed:  []finding.FailedTest{{Name: "t::fail", Message: "assert 1 == 2"}}},
		{name: "a usage error names the framework's line", report: &ports.TestReport{Parsed: true, Errors: []ports.ReportError{{Kind: ports.KindUsage, Message: "\nERROR: not found: /repo/t/x.py::nope\n(no name 'nope')"}}},
			result: ports.Result{ExitCode: 4}, verdict: execution.Failed, kind: finding.TestFailing, typ: "fw",
			message: "tests.python[0] of .espectacular/c/a.toml exited with status 4: ERROR: not found: /repo/t/x.py::nope",
			action:  finding.FixToolInvocation},
		{name: "flags the framework rejects", report: &ports.TestReport{Parsed: true, Errors: []ports.ReportError{{Kind: ports.KindUsage, Message: "error: unexpected argument '--bogus' found"}}},
			result: ports.Result{ExitCode: 1}, verdict: execution.Failed, kind: finding.TestFailing, typ: "fw",
			message: "tests.python[0] of .espectacular/c/a.toml exited with status 1: error: unexpected argument '--bogus' found",
			action:  finding.FixToolInvocation},
		{name: "flags pytest rejects name argparse's line", report: &ports.TestReport{Parsed: true, Errors: []ports.ReportError{{Kind: ports.KindUsage, Message: "ERROR: usage: __main__.py [options] [file_or_dir]\n__main__.py: error: unrecognized arguments: --bogus\n  rootdir: /repo"}}},
			result: ports.Result{ExitCode: 4}, verdict: execution.Failed, kind: finding.TestFailing, typ: "fw",
			message: "tests.python[0] of .espectacular/c/a.toml exited with status 4: __main__.py: error: unrecognized arguments: --bogus",
			action:  finding.FixToolInvocation},
		{name: "a build error names its first line", report: &ports.TestReport{Parsed: true, Errors: []ports.ReportError{{Kind: ports.KindBuild, Location: "src/lib.rs:3:5", Message: "error[E0308]: mismatched types\n --> src/lib.rs:3:5"}}},
			result: ports.Result{ExitCode: 101}, verdict: execution.Failed, kind: finding.TestFailing, typ: "fw",
			message: "tests.python[0] of .espectacular/c/a.toml exited with status 101: build error in src/lib.rs:3:5: error[E0308]: mismatched types"},
		{name: "a reported error, classified", report: &ports.TestReport{Parsed: true, Errors: []ports.ReportError{{Kind: "import", Location: "/repo/t/x.py"}}},
			result: ports.Result{ExitCode: 2}, class: "fw-import-error", verdict: execution.Failed, kind: finding.TestFailing, typ: "fw-import-error",
			message: "tests.python[0] of .espectacular/c/a.toml exited with status 2: import error in t/x.py"},
		{name: "a failure in the report fails even with exit 0", report: &ports.TestReport{Parsed: true, Tests: []ports.TestCase{fail}},
			verdict: execution.Failed, kind: finding.TestFailing, typ: "fw",
			message: "tests.python[0] of .espectacular/c/a.toml exited with status 0: 1 failed (t::fail)",
			failed:  []finding.FailedTest{{Name: "t::fail", Message: "assert 1 == 2"}}},
		{name: "tests passed but the exit status says otherwise", report: &ports.TestReport{Parsed: true, Tests: []ports.TestCase{pass}},
			result: ports.Result{ExitCode: 3}, verdict: execution.Failed, kind: finding.TestFailing, typ: "fw",
			message: "tests.python[0] of .espectacular/c/a.toml exited with status 3"},
		// Issue 36: exit 0 without a whole report is never a pass.
		{name: "unparsed report: exit 0 is no-tests-ran", report: &ports.TestReport{Tests: []ports.TestCase{fail}},
			verdict: execution.NoTestsRan, kind: finding.NoTestsRan, typ: "fw",
			message: "tests.python[0] of .espectacular/c/a.toml exited with status 0, but the framework ended before it reported: its report is missing or cut short; an exit status without the framework's own report of the selected tests proves nothing; " +
				"run test.command and find what ends the framework early (a test calling os._exit or process.exit, a crash, a plugin), or what writes into its report (ah explain evidence)"},
		{name: "no report: the exit status decides", result: ports.Result{ExitCode: 1},
			verdict: execution.Failed, kind: finding.TestFailing, typ: "fw",
			message: "tests.python[0] of .espectacular/c/a.toml exited with status 1"},
		{name: "a timeout stays a timeout", report: &ports.TestReport{Parsed: true}, result: ports.Result{ExitCode: -1, TimedOut: true},
			verdict: execution.TimedOut, kind: finding.TestFailing, typ: "fw",
			message: "tests.python[0] of .espectacular/c/a.toml timed out after 60s and was stopped; no test had reported a result yet: if it was still building or collecting, raise timeout_seconds for this entry"},
		{name: "a timeout during a test says only that", report: &ports.TestReport{Parsed: true, Tests: []ports.TestCase{pass}, Errors: []ports.ReportError{{Kind: ports.KindUsage, Message: "interrupted"}}},
			result: ports.Result{ExitCode: 2, TimedOut: true}, verdict: execution.TimedOut, kind: finding.TestFailing, typ: "fw",
			message: "tests.python[0] of .espectacular/c/a.toml timed out after 60s and was stopped"},
		{name: "not started", result: ports.Result{ExitCode: -1}, err: errors.New(`start "fw": executable file not found in $PATH`),
			verdict: execution.Failed, kind: finding.TestFailing, typ: "fw",
			message: `tests.python[0] of .espectacular/c/a.toml could not start: start "fw": executable file not found in $PATH`,
			action:  finding.FixToolInvocation},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := fw(func(_ ports.Result, data []byte) ports.TestReport {
				if string(data) != "report" {
					return ports.TestReport{}
				}
				return *tt.report
			})
			d.Class = tt.class
			r := runAdapter(t, d, func(cmd ports.Command, s *portstest.Scratch) (ports.Result, error) {
				if tt.report != nil {
					writeReport(cmd, s)
				}
				return tt.result, tt.err
			}, fwBinding("a", "t"))
			require.Len(t, r.Executions, 1)
			assert.Equal(t, tt.verdict, r.Executions[0].Verdict)
			if tt.kind == "" {
				assert.Empty(t, r.Findings)
				assert.Equal(t, 1, r.Passed)
				return
			}
			require.Len(t, r.Findings, 1)
			f := r.Findings[0]
			assert.Equal(t, tt.kind, f.Kind)
			assert.Equal(t, tt.message, f.Message)
			assert.Equal(t, tt.typ, f.Test.Type)
			want := finding.New(tt.kind, "").SuggestedAction
			if tt.action != "" {
				want = tt.action
			}
			assert.Equal(t, want, f.SuggestedAction, "suggested_action")
			assert.Equal(t, tt.failed, f.Test.FailedTests)
			assert.Equal(t, []string{"fw", "python", ports.SourceManifest, "1.2.3"},
				[]string{f.Test.Adapter, f.Test.TestType, f.Test.DetectionSource, f.Test.Version})
			assert.Zero(t, r.Passed)
		})
	}
}

func TestAdapterSharedInvocation(t *testing.T) {
	d := fw(func(ports.Result, []byte) ports.TestReport { return ports.TestReport{Parsed: true} })
	r := runAdapter(t, d, func(cmd ports.Command, s *portstest.Scratch) (ports.Result, error) {
		writeReport(cmd, s)
		return ports.Result{}, nil
	}, fwBinding("a", "t"), fwBinding("b", "t"), fwBinding("c", "other"))
	assert.Len(t, r.calls, 2, "identical adapter invocations run once")
	require.Len(t, r.Findings, 3)
	assert.Equal(t, []string{"c/b tests.python[0]"}, r.Findings[0].Test.SharedWith)
	for _, f := range r.Findings {
		assert.Equal(t, finding.NoTestsRan, f.Kind)
	}
}

func TestAdapterTailsAreBounded(t *testing.T) {
	d := fw(func(ports.Result, []byte) ports.TestReport { return ports.TestReport{} })
	big := []byte(strings.Repeat("é", ports.DefaultTailBytes))
	r := runAdapter(t, d, func(ports.Command, *portstest.Scratch) (ports.Result, error) {
		return ports.Result{ExitCode: 1, Stdout: big, Stderr: big}, nil
	}, fwBinding("a", "t"))
	require.Len(t, r.Findings, 1)
	assert.LessOrEqual(t, len(r.Findings[0].Test.StdoutTail), ports.DefaultTailBytes)
	assert.LessOrEqual(t, len(r.Findings[0].Test.StderrTail), ports.DefaultTailBytes)
	assert.True(t, strings.HasPrefix(r.Findings[0].Test.StdoutTail, "é"), "cut on a rune boundary")
}

func TestPrepareFailsCleanly(t *testing.T) {
	d := fw(nil)
	inv, err := resolveAdapter(config.Config{}, fwBinding("a", "t"), []string{"fw"}, d, "", "")
	require.NoError(t, err)
	jobs := execution.Plan([]execution.Binding{fwBinding("a", "t")}, []execution.Invocation{inv})
	proc := &portstest.Process{}
	res := execution.Run(t.Context(), execution.Env{Process: proc, Dir: "/repo", Scratch: &portstest.Scratch{Err: errors.New("disk full")}}, jobs, execution.Options{Workers: 1})
	require.Len(t, res.Findings, 1)
	assert.Contains(t, res.Findings[0].Message, "could not start: create a scratch directory for the fw report: disk full")
	assert.Empty(t, proc.Calls(), "nothing starts without its report")

	res = execution.Run(t.Context(), execution.Env{Process: proc, Dir: "/repo"}, jobs, execution.Options{Workers: 1})
	assert.Len(t, proc.Calls(), 1, "without a scratch the job runs as declared")
	assert.Equal(t, []string{"fw", "t"}, proc.Calls()[0].Argv)
	assert.Equal(t, 0, res.Passed, "without its report a run proves nothing (issue 36)")
	assert.Equal(t, execution.NoTestsRan, res.Executions[0].Verdict)
}

func TestPlanKeepsAdaptersApart(t *testing.T) {
	b := fwBinding("a", "t")
	plain, err := resolve(config.Config{Runners: map[string]config.Runner{"python": {Command: []string{"fw", "run"}}}}, b)
	require.NoError(t, err)
	adapted, err := resolveAdapter(config.Config{}, b, []string{"fw", "run"}, fw(nil), ports.SourceConfigured, "")
	require.NoError(t, err)
	assert.Equal(t, plain.Argv, adapted.Argv)
	assert.Len(t, execution.Plan([]execution.Binding{b, b}, []execution.Invocation{plain, adapted}), 2)
}

// TestWrapper: the configured wrapper goes before every test command, of
// every runner kind, and the output shows it.
func TestWrapper(t *testing.T) {
	cfg := customConfig(t)
	var jobs []execution.Job
	for i, e := range []contract.Entry{{Type: "shell", Command: "true"}, {Type: "shared", Flags: "x"}, {Type: "julia", Flags: "y"}} {
		b := customBinding(string(rune('a'+i)), e)
		inv, err := resolve(cfg, b)
		require.NoError(t, err)
		jobs = append(jobs, execution.Plan([]execution.Binding{b}, []execution.Invocation{inv})...)
	}
	b := fwBinding("d", "t")
	inv, err := resolveAdapter(config.Config{}, b, []string{"fw"}, fw(nil), ports.SourceManifest, "")
	require.NoError(t, err)
	jobs = append(jobs, execution.Plan([]execution.Binding{b}, []execution.Invocation{inv})...)

	proc := &portstest.Process{Func: func(context.Context, ports.Command) (ports.Result, error) { return ports.Result{}, nil }}
	wrapper := []string{"wrap", "--x y", "--"}
	res := execution.Run(t.Context(), execution.Env{Process: proc, Dir: "/repo", Scratch: &portstest.Scratch{}, Wrapper: wrapper}, jobs, execution.Options{Workers: 1})
	require.Len(t, proc.Calls(), 4)
	for i, c := range proc.Calls() {
		assert.Equal(t, wrapper, c.Argv[:3], "call %d", i)
		assert.Equal(t, c.Argv, res.Executions[i].Argv, "execution %d shows the executed argv", i)
		assert.True(t, strings.HasPrefix(res.Executions[i].Command, "wrap '--x y' -- "), res.Executions[i].Command)
	}
	assert.Equal(t, []string{"wrap", "--x y", "--", "/bin/sh", "-c", "true"}, proc.Calls()[0].Argv)
	assert.Equal(t, []string{"wrap", "--x y", "--", "fw", "t", "--report"}, proc.Calls()[3].Argv)
}

// TestAdapterStreamedReport: a driver that parses stdout while it streams
// gets every byte through the command's Stdout, and its report judges the
// run; Parse is not asked.
func TestAdapterStreamedReport(t *testing.T) {
	d := fw(func(ports.Result, []byte) ports.TestReport {
		panic("Parse must not be called when the report was streamed")
	})
	d.Streamed = func(stdout []byte) ports.TestReport {
		if string(stdout) != "streamed output" {
			return ports.TestReport{}
		}
		return ports.TestReport{Parsed: true, Tests: []ports.TestCase{{ID: "t", Status: ports.TestFailed}}}
	}
	r := runAdapter(t, d, func(cmd ports.Command, _ *portstest.Scratch) (ports.Result, error) {
		require.NotNil(t, cmd.Stdout, "the stream receives stdout")
		return ports.Result{Stdout: []byte("streamed output")}, nil
	}, fwBinding("a", "t"))
	require.Len(t, r.Findings, 1)
	assert.Equal(t, execution.Failed, r.Executions[0].Verdict, "exit 0, but the streamed report has a failed test")
	assert.Contains(t, r.Findings[0].Message, "1 failed (t)")
}

// TestAdapterStreamedStderr: a driver that also reads stderr as it streams
// (cargo's compile errors) gets it through the command's Stderr, so the
// run keeps only the default tails (issue 7).
func TestAdapterStreamedStderr(t *testing.T) {
	d := fw(nil)
	d.Tail = 0
	d.StreamedBoth = func(stdout, stderr []byte) ports.TestReport {
		if string(stderr) != "error[E0308]: mismatched types" {
			return ports.TestReport{}
		}
		return ports.TestReport{Parsed: true, Errors: []ports.ReportError{{Kind: ports.KindBuild, Message: string(stderr)}}}
	}
	r := runAdapter(t, d, func(cmd ports.Command, _ *portstest.Scratch) (ports.Result, error) {
		require.NotNil(t, cmd.Stderr, "the stream receives stderr")
		assert.Zero(t, cmd.TailBytes, "only the default tails are kept")
		return ports.Result{ExitCode: 101, Stderr: []byte("error[E0308]: mismatched types")}, nil
	}, fwBinding("a", "t"))
	require.Len(t, r.Findings, 1)
	assert.Contains(t, r.Findings[0].Message, "build error: error[E0308]: mismatched types")
}

// TestAdapterScratchInArgv: a reporter flag naming the private scratch
// directory runs with the real path, and output shows it as <scratch>, so
// the same input gives the same output.
func TestAdapterScratchInArgv(t *testing.T) {
	d := fw(nil)
	d.Flags = []string{"--out=$SCRATCH/r.json"}
	r := runAdapter(t, d, func(ports.Command, *portstest.Scratch) (ports.Result, error) { return ports.Result{}, nil }, fwBinding("a", "t"))
	require.Len(t, r.calls, 1)
	assert.Equal(t, []string{"fw", "run", "t", "--out=/scratch/1/r.json"}, r.calls[0].Argv)
	assert.Equal(t, []string{"fw", "run", "t", "--out=<scratch>/r.json"}, r.Executions[0].Argv)
}
