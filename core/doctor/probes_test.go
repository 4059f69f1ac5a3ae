package doctor_test

import (
	"errors"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/doctor"
)

// Doctor warns, in a probes check listed only then, when an adapter's
// decision rests on a probe that timed out; the schema accepts the check.
func TestDiagnoseProbeTimedOut(t *testing.T) {
	const slow = "go version"
	timedOut := adapter.Evidence{Adapter: "go", Manifest: true, Probed: true, Tried: []string{slow}, TimedOut: []string{slow}, DefaultCommand: []string{"go", "test"}}
	tests := []struct {
		name    string
		config  string
		ev      adapter.Evidence
		noCfg   bool
		message string
	}{
		{name: "default command", ev: timedOut,
			message: "the environment probe `go version` of go timed out after 60 s (ah's bound for each probe), and no probe proved a command, so ah falls back to `go test`, which may not run go here; rerun when the machine is less loaded, or set go = [...] under [runners] in .espectacular/config.toml so that no probe decides the command"},
		{name: "without a config too", ev: timedOut, noCfg: true,
			message: "the environment probe `go version` of go timed out after 60 s (ah's bound for each probe), and no probe proved a command, so ah falls back to `go test`, which may not run go here; rerun when the machine is less loaded, or set go = [...] under [runners] in .espectacular/config.toml so that no probe decides the command"},
		{name: "configured command", config: "[runners]\ngo = [\"go\", \"test\"]\n", ev: timedOut},
		{name: "failed, not timed out", ev: adapter.Evidence{Adapter: "go", Probed: true, Tried: []string{slow}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			repo := healthyRepo(tt.config)
			repo["go.mod"] = &fstest.MapFile{Data: []byte("module x\n")}
			cfg, err := config.Parse(repo[config.Path].Data)
			require.NoError(t, err)
			in := doctor.Input{Repo: repo, Config: &cfg, Version: "0.1.0", Facts: adapter.Facts{Drivers: drivers, Evidence: map[string]adapter.Evidence{"go": tt.ev}}}
			if tt.noCfg {
				in.Config, in.ConfigProblem = nil, "no config"
			}
			rep, err := doctor.Diagnose(t.Context(), in)
			require.NoError(t, err)
			var probes []doctor.Check
			for _, c := range rep.Checks {
				if c.Name == "probes" {
					probes = append(probes, c)
				}
			}
			if tt.message == "" {
				assert.Empty(t, probes)
				return
			}
			require.Len(t, probes, 1)
			assert.Equal(t, doctor.Check{Name: "probes", Status: doctor.Warn, Message: tt.message}, probes[0])
			assert.Equal(t, !tt.noCfg, rep.Healthy(), "a warning alone keeps doctor healthy")
			assert.Equal(t, 1, rep.Summary.Warn)
			assert.Empty(t, validateEnvelope(t, rep.Healthy(), rep))
		})
	}
}

// Two adapters' timeouts share the one check, in adapter order.
func TestProbeCheckJoinsAdapters(t *testing.T) {
	repo := healthyRepo("")
	cfg, err := config.Parse(repo[config.Path].Data)
	require.NoError(t, err)
	ev := func(name string) adapter.Evidence {
		return adapter.Evidence{Adapter: name, Probed: true, Tried: []string{name + " version"}, TimedOut: []string{name + " version"}}
	}
	facts := adapter.Facts{Drivers: enableDrivers, Evidence: map[string]adapter.Evidence{"pytest": ev("pytest"), "go": ev("go")}}
	rep, err := doctor.Diagnose(t.Context(), doctor.Input{Repo: repo, Config: &cfg, Version: "0.1.0", Facts: facts})
	require.NoError(t, err)
	c := rep.Checks[len(rep.Checks)-1]
	assert.Equal(t, "probes", c.Name)
	assert.Regexp(t, "^the environment probe `go version` of go .*; also the environment probe `pytest version` of pytest ", c.Message)
}

// --enable refuses a capability no probe proved, but does not claim that
// the tool is missing when a probe only timed out.
func TestEnableAfterProbeTimedOut(t *testing.T) {
	facts := adapter.Facts{Drivers: enableDrivers, Evidence: map[string]adapter.Evidence{"pytest": {
		Adapter: "pytest", Probed: true,
		Tried: []string{"python3 -m pytest --version", "pytest --version"}, TimedOut: []string{"python3 -m pytest --version"},
	}}}
	_, err := doctor.Enable(fstest.MapFS{}, []byte("tool_version = \"0.1.0\"\n"), "pytest", facts)
	te, ok := errors.AsType[*doctor.ToolMissingError](err)
	require.True(t, ok, "err = %v", err)
	assert.Equal(t, "cannot enable pytest: no probe proved that pytest runs here (tried `python3 -m pytest --version`, `pytest --version`) and `python3 -m pytest --version` timed out after 60 s; run `ah doctor --enable pytest` again when the machine is less loaded, or set pytest = [...] under [runners] in .espectacular/config.toml yourself",
		te.Error())
}
