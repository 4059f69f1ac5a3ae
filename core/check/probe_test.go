package check_test

import (
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

// A probe that timed out is reported once per adapter whose decision rests
// on it, never silently treated as a failed probe (a loaded machine once
// made every pytest run fail from another interpreter, unexplained).
func TestProbeTimedOut(t *testing.T) {
	const tail = "; rerun when the machine is less loaded, or set fw = [...] under [runners] in .espectacular/config.toml so that no probe decides the command"
	timedOut := portstest.ProcessResponse{Result: ports.Result{ExitCode: -1, TimedOut: true, Signaled: true}}
	entries := []string{"[[tests.fw]]", `flags = "a"`, "[[tests.lang]]", `flags = "b"`}
	tests := []struct {
		name     string
		cfg      string
		manifest bool
		runTests bool
		probe    portstest.ProcessResponse
		kinds    []finding.Kind
		message  string
	}{
		{
			name: "no other evidence: missing-adapter, and why", probe: timedOut,
			kinds:   []finding.Kind{finding.ProbeTimedOut, finding.MissingAdapter, finding.MissingAdapter},
			message: "the environment probe `fw --version` of fw timed out after 60 s (ah's bound for each probe), so nothing proved that fw runs here and no adapter was detected for it" + tail,
		},
		{
			name: "manifest, tests run: the default command", manifest: true, runTests: true, probe: timedOut,
			kinds:   []finding.Kind{finding.ProbeTimedOut},
			message: "the environment probe `fw --version` of fw timed out after 60 s (ah's bound for each probe), and no probe proved a command, so ah falls back to `fw test`, which may not run fw here" + tail,
		},
		{name: "configured command: the timeout changes nothing", cfg: "[runners]\nfw = [\"fw\", \"run\"]\n", runTests: true, probe: timedOut},
		{name: "a probe that failed is not a timeout", manifest: true, runTests: true, probe: portstest.ProcessResponse{Result: ports.Result{ExitCode: 1}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			drv := probedDriver(tt.manifest)
			drv.Default = []string{"fw", "test"}
			proc := &portstest.Process{
				Responses: map[string]portstest.ProcessResponse{portstest.ProcessKey("fw", "--version"): tt.probe},
				Default:   portstest.ProcessResponse{Result: ports.Result{ExitCode: 0}},
			}
			opts := check.Options{Drivers: []ports.Driver{drv}, Env: execution.Env{Process: proc, Dir: "/repo"}}
			if tt.runTests {
				opts.Env.Scratch, opts.Exec = &portstest.Scratch{}, &check.Exec{}
			}
			rep := runWith(t, adapterRepo(tt.cfg, entries...), opts)
			var kinds []finding.Kind
			var got []finding.Finding
			for _, f := range rep.Findings {
				if f.Kind != finding.TestFailing && f.Kind != finding.NoTestsRan {
					kinds = append(kinds, f.Kind)
				}
				if f.Kind == finding.ProbeTimedOut {
					got = append(got, f)
				}
			}
			assert.Equal(t, tt.kinds, kinds, "messages: %q", messages(rep.Findings))
			if tt.message == "" {
				assert.Empty(t, got)
				return
			}
			require.Len(t, got, 1, "one finding for the adapter, however many test types use it")
			f := got[0]
			assert.Equal(t, tt.message, f.Message)
			assert.Equal(t, finding.Warning, f.Category)
			assert.Equal(t, finding.Warn, f.Severity)
			assert.Equal(t, finding.RunAhDoctor, f.SuggestedAction)
			assert.Equal(t, "ah explain probe-timed-out", f.PlaybookCommand)
			assert.Nil(t, f.ApplyCommand)
			assert.Equal(t, config.Path, f.SpecPath)
			assert.Nil(t, f.Scenario)
			assert.Equal(t, 1, rep.Summary.Warnings)
			if tt.runTests {
				require.NotNil(t, rep.Executions)
				require.NotEmpty(t, *rep.Executions)
				assert.Equal(t, []string{"fw", "test", "a"}, (*rep.Executions)[0].Argv, "the fallback the message names is the command that ran")
			}
		})
	}
}

// Only shard 1 reports it, like every finding of the structural pass.
func TestProbeTimedOutInShards(t *testing.T) {
	proc := &portstest.Process{Default: portstest.ProcessResponse{Result: ports.Result{ExitCode: -1, TimedOut: true}}}
	for _, tt := range []struct {
		index int
		want  int
	}{{1, 1}, {2, 0}} {
		rep := runWith(t, adapterRepo("", "[[tests.fw]]", `flags = "a"`), check.Options{
			Drivers: []ports.Driver{probedDriver(false)}, Env: execution.Env{Process: proc, Dir: "/repo"},
			Shard: &check.Shard{Index: tt.index, Total: 2},
		})
		assert.Equal(t, tt.want, rep.Summary.CountsByKind[finding.ProbeTimedOut], "shard %d", tt.index)
	}
}
