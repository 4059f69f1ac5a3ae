package adapter_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/config"
)

// A decision records the timed-out probes it rests on: every detected
// command, and a configured adapter without a command; never a configured
// command, which no probe decides.
func TestDecisionTimedOut(t *testing.T) {
	const slow = "python3 -m pytest --version"
	timedOut := func(e adapter.Evidence) adapter.Evidence {
		e.Adapter, e.Probed = "pytest", true
		e.Tried, e.TimedOut = append([]string{slow}, e.Tried...), []string{slow}
		e.DefaultCommand = []string{"python3", "-m", "pytest"}
		return e
	}
	tests := []struct {
		name     string
		testType string
		cfg      config.Config
		ev       adapter.Evidence
		want     []string
	}{
		{"manifest, default command", "pytest", cfg(nil), timedOut(adapter.Evidence{Manifest: true}), []string{slow}},
		{"a later probe proved the command", "python", cfg(nil), timedOut(adapter.Evidence{Runnable: []string{"pytest"}}), []string{slow}},
		{"source import", "pytest", cfg(nil), timedOut(adapter.Evidence{ImportedBy: "t/test_a.py"}), []string{slow}},
		{"no adapter found", "pytest", cfg(nil), timedOut(adapter.Evidence{}), []string{slow}},
		{"configured adapter without command", "unit", cfg(map[string]config.Runner{"unit": {Adapter: "pytest"}}), timedOut(adapter.Evidence{}), []string{slow}},
		{"configured command", "pytest", cfg(map[string]config.Runner{"pytest": {Command: []string{"uv", "run", "pytest"}}}), timedOut(adapter.Evidence{}), nil},
		{"configured adapter with command", "unit", cfg(map[string]config.Runner{"unit": {Adapter: "pytest", Command: []string{"pytest"}}}), timedOut(adapter.Evidence{}), nil},
		{"nothing timed out", "pytest", cfg(nil), adapter.Evidence{Adapter: "pytest", Probed: true, Tried: []string{slow}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, adapter.Resolve(tt.testType, tt.cfg, facts(tt.ev)).TimedOut)
		})
	}
}

// missing-adapter's reason tells a timed-out probe from a failed one.
func TestNotFoundReasonMarksTimeouts(t *testing.T) {
	ev := adapter.Evidence{Adapter: "pytest", Probed: true, Tried: []string{"python3 -m pytest --version", "pytest --version"}, TimedOut: []string{"python3 -m pytest --version"}}
	assert.Equal(t, "nothing configures pytest, no manifest declares it, pytest is not runnable here (tried `python3 -m pytest --version` (timed out after 60 s), `pytest --version`), and no test file imports it",
		adapter.Resolve("pytest", cfg(nil), facts(ev)).Reason)
}

func TestTimeoutMessage(t *testing.T) {
	one := []string{"python3 -m pytest --version"}
	tests := []struct {
		name string
		d    adapter.Decision
		ev   adapter.Evidence
		want string
	}{
		{
			"default command",
			adapter.Decision{Adapter: "pytest", Command: []string{"python3", "-m", "pytest"}, TimedOut: one},
			adapter.Evidence{},
			"the environment probe `python3 -m pytest --version` of pytest timed out after 60 s (ah's bound for each probe), and no probe proved a command, so ah falls back to `python3 -m pytest`, which may not run pytest here; rerun when the machine is less loaded, or set pytest = [...] under [runners] in .espectacular/config.toml so that no probe decides the command",
		},
		{
			"a later probe proved the command",
			adapter.Decision{Adapter: "pytest", Command: []string{"pytest"}, TimedOut: one},
			adapter.Evidence{Runnable: []string{"pytest"}},
			"the environment probe `python3 -m pytest --version` of pytest timed out after 60 s (ah's bound for each probe), so ah runs pytest as `pytest`, which a later probe proved, not as the timed-out probe would have; rerun when the machine is less loaded, or set pytest = [...] under [runners] in .espectacular/config.toml so that no probe decides the command",
		},
		{
			"no adapter, two probes",
			adapter.Decision{TimedOut: []string{"vitest --version", "npx --no vitest --version"}},
			adapter.Evidence{},
			"the environment probes `vitest --version`, `npx --no vitest --version` of vitest timed out after 60 s (ah's bound for each probe), so nothing proved that vitest runs here and no adapter was detected for it; rerun when the machine is less loaded, or set vitest = [...] under [runners] in .espectacular/config.toml so that no probe decides the command",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			name := tt.d.Adapter
			if name == "" {
				name = "vitest"
			}
			assert.Equal(t, tt.want, adapter.TimeoutMessage(name, tt.d, tt.ev))
		})
	}
}
