package check_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/check"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

// adapterRepo declares one scenario whose contract has the given entries.
func adapterRepo(cfg string, entries ...string) map[string]string {
	return map[string]string{
		config.Path:                           "tool_version = \"0.1.0\"\n" + cfg,
		"openspec/specs/gate/spec.md":         "# Gate\n\n#### Scenario: Alpha works\n- THEN ok\n",
		".espectacular/gate/alpha-works.toml": contractTOML("alpha-works", entries...),
	}
}

// probedDriver is a "fw" adapter (alias "lang") whose only probe is
// `fw --version`; manifest says whether a manifest declares it.
func probedDriver(manifest bool) *portstest.Driver {
	return &portstest.Driver{
		Adapter: "fw", Alias: []string{"lang"}, Default: []string{"fw", "run"}, HasManifest: manifest,
		ProbeList: []ports.Probe{{Argv: []string{"fw", "--version"}, Command: []string{"fw", "run"},
			Version: func(stdout, _ []byte) string { return strings.TrimSpace(string(stdout)) }}},
		Report: "r.json",
		ParseFunc: func(_ ports.Result, data []byte) ports.TestReport {
			if len(data) == 0 {
				return ports.TestReport{}
			}
			return ports.TestReport{Parsed: true, Tests: []ports.TestCase{{ID: string(data), Status: ports.TestPassed}}}
		},
	}
}

func runWith(t *testing.T, files map[string]string, opts check.Options) check.Report {
	t.Helper()
	rep, err := check.Run(t.Context(), mapFS(files), parseConfig(t, files), opts)
	require.NoError(t, err)
	return rep
}

func TestMissingAdapter(t *testing.T) {
	proc := &portstest.Process{Default: portstest.ProcessNotFound("fw")}
	files := adapterRepo("", "[[tests.lang]]", `flags = "a"`, "[[tests.unit]]", `flags = "b"`)
	rep := runWith(t, files, check.Options{Drivers: []ports.Driver{probedDriver(false)}, Env: execution.Env{Process: proc, Dir: "/repo"}})

	require.Len(t, rep.Findings, 2, "messages: %q", messages(rep.Findings))
	f := rep.Findings[0]
	assert.Equal(t, finding.MissingAdapter, f.Kind)
	assert.Equal(t, finding.RunAhDoctor, f.SuggestedAction)
	assert.Equal(t, "ah explain missing-adapter", f.PlaybookCommand)
	assert.Equal(t, "tests.lang[0] needs a test-framework adapter but none is configured or detected: nothing configures fw, no manifest declares it, fw is not runnable here (tried `fw --version`), and no test file imports it; run `ah doctor` to see what ah detects for each test type and how to enable it", f.Message)
	assert.Equal(t, finding.MissingRunner, rep.Findings[1].Kind, "a generic type without a runner is still missing-runner")
	assert.Equal(t, [][]string{{"fw", "--version"}}, proc.Argvs())
}

// Issue 9: Ctrl-C during a probe is an interruption, not missing-adapter
// evidence: Run returns the cancellation, with or without --run-tests.
func TestInterruptedProbeIsNotMissingAdapter(t *testing.T) {
	for _, runTests := range []bool{false, true} {
		ctx, cancel := context.WithCancel(t.Context())
		proc := &portstest.Process{Func: func(context.Context, ports.Command) (ports.Result, error) {
			cancel() // Ctrl-C while `fw --version` runs
			return ports.Result{ExitCode: -1, Canceled: true}, nil
		}}
		files := adapterRepo("", "[[tests.lang]]", `flags = "a"`)
		opts := check.Options{Drivers: []ports.Driver{probedDriver(false)}, Env: execution.Env{Process: proc, Dir: "/repo"}}
		if runTests {
			opts.Exec = &check.Exec{}
		}
		rep, err := check.Run(ctx, mapFS(files), parseConfig(t, files), opts)
		require.ErrorIs(t, err, context.Canceled, "runTests=%v", runTests)
		assert.Empty(t, rep.Findings)
		assert.Equal(t, [][]string{{"fw", "--version"}}, proc.Argvs())
	}
}

// Detection gathers only what a decision needs: no probe when config or a
// manifest decides, and one probe per adapter however many entries use it.
func TestAdapterDetectionIsLazy(t *testing.T) {
	tests := []struct {
		name     string
		cfg      string
		manifest bool
		entries  []string
		probes   int
		findings int
	}{
		{name: "generic runner", cfg: "[runners]\nunit = [\"make\"]\n", entries: []string{"[[tests.unit]]", `flags = "a"`}},
		{name: "configured", cfg: "[runners]\nfw = [\"fw\", \"run\"]\n", entries: []string{"[[tests.fw]]", `flags = "a"`}},
		{name: "manifest", manifest: true, entries: []string{"[[tests.fw]]", `flags = "a"`}},
		{name: "probed once for two entries", entries: []string{"[[tests.fw]]", `flags = "a"`, "[[tests.lang]]", `flags = "b"`}, probes: 1},
		{name: "shell", entries: []string{"[[tests.shell]]", `command = "true"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			proc := &portstest.Process{Default: portstest.ProcessResponse{Result: ports.Result{Stdout: []byte("1.0\n")}}}
			rep := runWith(t, adapterRepo(tt.cfg, tt.entries...), check.Options{
				Drivers: []ports.Driver{probedDriver(tt.manifest)}, Env: execution.Env{Process: proc, Dir: "/repo"},
			})
			assert.Empty(t, rep.Findings, "messages: %q", messages(rep.Findings))
			assert.Len(t, proc.Calls(), tt.probes)
		})
	}
}

// Without the Adapters option, adapter-typed tests need a [runners] entry,
// as before adapters existed.
func TestNoAdaptersOption(t *testing.T) {
	rep := runWith(t, adapterRepo("", "[[tests.pytest]]", `flags = "a"`), check.Options{})
	require.Len(t, rep.Findings, 1)
	assert.Equal(t, finding.MissingRunner, rep.Findings[0].Kind)
}

func TestRunTestsThroughAdapter(t *testing.T) {
	scratch := &portstest.Scratch{}
	var runs []ports.Command
	proc := &portstest.Process{Func: func(_ context.Context, cmd ports.Command) (ports.Result, error) {
		if cmd.Argv[len(cmd.Argv)-1] == "--version" {
			return ports.Result{Stdout: []byte("2.5.0\n")}, nil
		}
		runs = append(runs, cmd)
		scratch.Put("/scratch/1/r.json", []byte("t::ok"))
		return ports.Result{}, nil
	}}
	files := adapterRepo("", "[[tests.lang]]", `flags = "t::ok"`)
	rep := runWith(t, files, check.Options{
		Drivers: []ports.Driver{probedDriver(true)}, Env: execution.Env{Process: proc, Dir: "/repo", Scratch: scratch},
		Exec: &check.Exec{},
	})
	assert.Empty(t, rep.Findings, "messages: %q", messages(rep.Findings))
	assert.Equal(t, 1, rep.Summary.Passed)
	require.Len(t, runs, 1)
	assert.Equal(t, []string{"fw", "run", "t::ok"}, runs[0].Argv, "the command the probe proved, then the flags")
	require.NotNil(t, rep.Executions)
	require.Len(t, *rep.Executions, 1)
	ex := (*rep.Executions)[0]
	assert.Equal(t, []string{"fw", ports.SourceManifest, "2.5.0"}, []string{ex.Adapter, ex.DetectionSource, ex.Version},
		"with tests to run, a manifest decision is probed too, for the command and version")
	assert.Empty(t, scratch.Live())
}

// Issue 40: a command [runners] writes is run as written whatever a probe
// says, so even with tests to run the adapter is not probed.
func TestConfiguredCommandIsNotProbed(t *testing.T) {
	scratch := &portstest.Scratch{}
	proc := &portstest.Process{Func: func(_ context.Context, cmd ports.Command) (ports.Result, error) {
		scratch.Put("/scratch/1/r.json", []byte("t::ok"))
		return ports.Result{}, nil
	}}
	files := adapterRepo("[runners]\nfw = [\"fw\", \"run\"]\n", "[[tests.lang]]", `flags = "t::ok"`)
	rep := runWith(t, files, check.Options{
		Drivers: []ports.Driver{probedDriver(false)}, Env: execution.Env{Process: proc, Dir: "/repo", Scratch: scratch},
		Exec: &check.Exec{},
	})
	assert.Empty(t, rep.Findings, "messages: %q", messages(rep.Findings))
	assert.Equal(t, [][]string{{"fw", "run", "t::ok"}}, proc.Argvs(), "the configured command ran; no probe")
}
