package adapter_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

func fakeDrivers() []ports.Driver {
	return []ports.Driver{
		&portstest.Driver{Adapter: "pytest", Alias: []string{"python"}, Default: []string{"python3", "-m", "pytest"}},
		&portstest.Driver{Adapter: "cargo", Alias: []string{"rust"}, Default: []string{"cargo", "test"}},
		&portstest.Driver{Adapter: "vitest", Alias: []string{"typescript", "javascript"}, Default: []string{"npx", "vitest", "run"}},
		&portstest.Driver{Adapter: "go", Default: []string{"go", "test"}},
	}
}

func facts(ev ...adapter.Evidence) adapter.Facts {
	f := adapter.Facts{Drivers: fakeDrivers(), Evidence: map[string]adapter.Evidence{}}
	for _, e := range ev {
		f.Evidence[e.Adapter] = e
	}
	return f
}

func cfg(runners map[string]config.Runner) config.Config {
	return config.Config{Runners: runners, CustomRunners: map[string]config.Runner{"lint": {Command: []string{"lint"}}}}
}

func TestResolve(t *testing.T) {
	pytestEnv := adapter.Evidence{Adapter: "pytest", Probed: true, Runnable: []string{"pytest"}, Version: "8.3.4", DefaultCommand: []string{"python3", "-m", "pytest"}}
	tests := []struct {
		name     string
		testType string
		cfg      config.Config
		facts    adapter.Facts
		want     adapter.Decision
	}{
		{
			name: "configured adapter key wins over everything", testType: "unit",
			cfg:   cfg(map[string]config.Runner{"unit": {Adapter: "pytest", Command: []string{"uv", "run", "pytest"}}}),
			facts: facts(adapter.Evidence{Adapter: "pytest", Manifest: true}),
			want: adapter.Decision{TestType: "unit", Adapter: "pytest", Expected: true, Source: ports.SourceConfigured,
				Command: []string{"uv", "run", "pytest"}, CommandConfigured: true, Reason: `[runners.unit] sets adapter = "pytest"`},
		},
		{
			name: "configured adapter without command uses the proved command and its version", testType: "unit",
			cfg:   cfg(map[string]config.Runner{"unit": {Adapter: "pytest"}}),
			facts: facts(pytestEnv),
			want: adapter.Decision{TestType: "unit", Adapter: "pytest", Expected: true, Source: ports.SourceConfigured,
				Command: []string{"pytest"}, Version: "8.3.4", Reason: `[runners.unit] sets adapter = "pytest"`},
		},
		{
			name: "adapter-named type with a configured command", testType: "pytest",
			cfg:   cfg(map[string]config.Runner{"pytest": {Command: []string{"/usr/bin/python3", "-m", "pytest"}}}),
			facts: facts(pytestEnv),
			want: adapter.Decision{TestType: "pytest", Adapter: "pytest", Expected: true, Source: ports.SourceConfigured,
				Command: []string{"/usr/bin/python3", "-m", "pytest"}, CommandConfigured: true, Reason: "[runners] configures pytest"},
		},
		{
			name: "alias type uses the runner configured under the adapter name", testType: "python",
			cfg:   cfg(map[string]config.Runner{"pytest": {Command: []string{"uv", "run", "pytest"}}}),
			facts: facts(),
			want: adapter.Decision{TestType: "python", Adapter: "pytest", Expected: true, Source: ports.SourceConfigured,
				Command: []string{"uv", "run", "pytest"}, CommandConfigured: true, Reason: "[runners] configures pytest"},
		},
		{
			name: "alias type uses the adapter set under the adapter name", testType: "python",
			cfg:   cfg(map[string]config.Runner{"pytest": {Adapter: "pytest", Command: []string{"uv", "run", "pytest"}}}),
			facts: facts(),
			want: adapter.Decision{TestType: "python", Adapter: "pytest", Expected: true, Source: ports.SourceConfigured,
				Command: []string{"uv", "run", "pytest"}, CommandConfigured: true, Reason: `[runners.pytest] sets adapter = "pytest"`},
		},
		{
			// An empty [runners.pytest] table neither configures an adapter
			// nor a command: detection decides, as without the table.
			name: "empty runner table falls back to detection", testType: "pytest",
			cfg:   cfg(map[string]config.Runner{"pytest": {}}),
			facts: facts(pytestEnv),
			want: adapter.Decision{TestType: "pytest", Adapter: "pytest", Expected: true, Source: ports.SourceEnvironment,
				Command: []string{"pytest"}, Version: "8.3.4", Reason: "pytest runs here (pytest)"},
		},
		{
			// Seed 004 "Run configured unit test": the configured argv runs
			// exactly as written.
			name: "generic type whose command runs a framework runs it as written", testType: "unit",
			cfg:   cfg(map[string]config.Runner{"unit": {Command: []string{"uv", "run", "pytest"}}}),
			facts: facts(),
			want: adapter.Decision{TestType: "unit",
				Reason: `[runners] unit runs uv run pytest as written, judged by its exit status; set adapter = "pytest" under [runners.unit] for pytest's structured results`},
		},
		{
			name: "a generic type opts in with adapter", testType: "unit",
			cfg:   cfg(map[string]config.Runner{"unit": {Command: []string{"uv", "run", "pytest"}, Adapter: "pytest"}}),
			facts: facts(),
			want: adapter.Decision{TestType: "unit", Adapter: "pytest", Expected: true, Source: ports.SourceConfigured,
				Command: []string{"uv", "run", "pytest"}, CommandConfigured: true, Reason: `[runners.unit] sets adapter = "pytest"`},
		},
		{
			name: "generic type with another command has no adapter", testType: "unit",
			cfg:   cfg(map[string]config.Runner{"unit": {Command: []string{"make", "check"}}}),
			facts: facts(pytestEnv),
			want:  adapter.Decision{TestType: "unit", Reason: "[runners] unit runs make check, which is not a bundled adapter"},
		},
		{
			name: "generic type without runner is never detected", testType: "unit",
			cfg:   cfg(nil),
			facts: facts(adapter.Evidence{Adapter: "pytest", Manifest: true}),
			want:  adapter.Decision{TestType: "unit", Reason: "unit is not an adapter name and has no runner"},
		},
		{
			name: "manifest beats environment and source import", testType: "pytest",
			cfg: cfg(nil),
			facts: facts(adapter.Evidence{Adapter: "pytest", Manifest: true, Probed: true, Runnable: []string{"pytest"}, Version: "7.2.1",
				ImportedBy: "tests/test_x.py", DefaultCommand: []string{"python3", "-m", "pytest"}}),
			want: adapter.Decision{TestType: "pytest", Adapter: "pytest", Expected: true, Source: ports.SourceManifest,
				Command: []string{"pytest"}, Version: "7.2.1", Reason: "the project's manifest declares pytest"},
		},
		{
			name: "manifest without probe uses the default command", testType: "cargo",
			cfg:   cfg(nil),
			facts: facts(adapter.Evidence{Adapter: "cargo", Manifest: true, DefaultCommand: []string{"cargo", "test"}}),
			want: adapter.Decision{TestType: "cargo", Adapter: "cargo", Expected: true, Source: ports.SourceManifest,
				Command: []string{"cargo", "test"}, Reason: "the project's manifest declares cargo"},
		},
		{
			name: "environment beats source import", testType: "python",
			cfg:   cfg(nil),
			facts: facts(adapter.Evidence{Adapter: "pytest", Probed: true, Runnable: []string{"pytest"}, Version: "8.0.0", ImportedBy: "t/test_a.py"}),
			want: adapter.Decision{TestType: "python", Adapter: "pytest", Expected: true, Source: ports.SourceEnvironment,
				Command: []string{"pytest"}, Version: "8.0.0", Reason: "pytest runs here (pytest)"},
		},
		{
			name: "source import is the weakest signal", testType: "typescript",
			cfg:   cfg(nil),
			facts: facts(adapter.Evidence{Adapter: "vitest", Probed: true, ImportedBy: "src/a.test.ts", DefaultCommand: []string{"npx", "vitest", "run"}}),
			want: adapter.Decision{TestType: "typescript", Adapter: "vitest", Expected: true, Source: ports.SourceSourceImport,
				Command: []string{"npx", "vitest", "run"}, Reason: "src/a.test.ts imports vitest"},
		},
		{
			name: "cross-language evidence does not count", testType: "python",
			cfg: cfg(nil),
			facts: facts(adapter.Evidence{Adapter: "vitest", Manifest: true, Probed: true, Runnable: []string{"vitest", "run"}},
				adapter.Evidence{Adapter: "pytest", Probed: true, Tried: []string{"pytest --version"}}),
			want: adapter.Decision{TestType: "python", Expected: true,
				Reason: "nothing configures pytest, no manifest declares it, pytest is not runnable here (tried `pytest --version`), and no test file imports it"},
		},
		{
			name: "manifest signal per type: pytest manifest, vitest environment", testType: "vitest",
			cfg: cfg(nil),
			facts: facts(adapter.Evidence{Adapter: "pytest", Manifest: true},
				adapter.Evidence{Adapter: "vitest", Probed: true, Runnable: []string{"vitest", "run"}, Version: "4.1.12"}),
			want: adapter.Decision{TestType: "vitest", Adapter: "vitest", Expected: true, Source: ports.SourceEnvironment,
				Command: []string{"vitest", "run"}, Version: "4.1.12", Reason: "vitest runs here (vitest run)"},
		},
		{
			name: "probed without a probe to try", testType: "go",
			cfg:   cfg(nil),
			facts: facts(adapter.Evidence{Adapter: "go", Probed: true}),
			want: adapter.Decision{TestType: "go", Expected: true,
				Reason: "nothing configures go, no manifest declares it, go is not runnable here, and no test file imports it"},
		},
		{
			name: "no evidence gathered: nothing fabricated", testType: "go",
			cfg:   cfg(nil),
			facts: facts(),
			want: adapter.Decision{TestType: "go", Expected: true,
				Reason: "nothing configures go, no manifest declares it, the environment was not probed, and no test file imports it"},
		},
		{
			name: "shell has no adapter", testType: "shell", cfg: cfg(nil), facts: facts(),
			want: adapter.Decision{TestType: "shell", Reason: "tests.shell entries run without an adapter"},
		},
		{
			name: "custom runner has no adapter", testType: "lint", cfg: cfg(nil), facts: facts(),
			want: adapter.Decision{TestType: "lint", Reason: "[runners.custom.lint] is a custom runner"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := adapter.Resolve(tt.testType, tt.cfg, tt.facts)
			assert.Equal(t, tt.want, got)
			assert.Equal(t, tt.want.Adapter != "", got.Found())
		})
	}
}

// TestResolveNotInstalled (issues 36, 37): a framework that runs only from
// the project's own installation, pointed at but not installed, is no
// adapter (never a global fallback), yet the decision keeps what would
// run and how to install it, so the entry routes to its framework and the
// run names the missing tool once; by a manifest or by a configured
// adapter alike.
func TestResolveNotInstalled(t *testing.T) {
	missing := adapter.Evidence{Adapter: "vitest", Manifest: true, DefaultCommand: []string{"node_modules/.bin/vitest", "run"},
		Missing: "it is not installed in the project: install with `npm ci`", Install: "install with `npm ci`"}
	d := adapter.Resolve("vitest", cfg(nil), facts(missing))
	assert.False(t, d.Found())
	assert.Equal(t, "vitest", d.Uninstalled)
	assert.Equal(t, "install with `npm ci`", d.Install)
	assert.Equal(t, []string{"node_modules/.bin/vitest", "run"}, d.Command)
	assert.Equal(t, "the project's manifest declares vitest, but it is not installed in the project: install with `npm ci`", d.Reason)

	d = adapter.Resolve("web", cfg(map[string]config.Runner{"web": {Adapter: "vitest"}}), facts(missing))
	assert.False(t, d.Found())
	assert.Equal(t, "vitest", d.Uninstalled)
	assert.Equal(t, []string{"node_modules/.bin/vitest", "run"}, d.Command)

	r, problem := adapter.RouteEntry(cfg(nil), func(tt string) adapter.Decision { return adapter.Resolve(tt, cfg(nil), facts(missing)) }, fakeDrivers(), contract.Entry{Type: "typescript"})
	assert.Nil(t, problem, "not installed is no missing-adapter")
	assert.Equal(t, adapter.Framework, r.Kind)
	assert.Equal(t, "vitest", r.JudgedBy())
	assert.Equal(t, "install with `npm ci`", r.Install)
	assert.Equal(t, []string{"node_modules/.bin/vitest", "run"}, r.Command)

	installed := missing
	installed.Missing, installed.Install = "", ""
	assert.Empty(t, adapter.Resolve("vitest", cfg(nil), facts(installed)).Uninstalled)
}
