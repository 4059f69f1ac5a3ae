package doctor_test

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/doctor"
)

const goBlock = "\n# Added by `ah doctor --enable go`: [[tests.go]] entries run this command with their flags appended.\n[runners.go]\ncommand = [\"go\", \"test\"]\n"

// TestEnableCommandSources: the command written is the probed one, else
// the gathered default (not probed: nothing was refused), else the
// driver's own default.
func TestEnableCommandSources(t *testing.T) {
	const base = "tool_version = \"0.1.0\"\n"
	for _, tc := range []struct {
		name string
		ev   adapter.Evidence
		want string
	}{
		{"probed", adapter.Evidence{Adapter: "pytest", Probed: true, Runnable: []string{"uv", "run", "pytest"}, DefaultCommand: []string{"py.test"}}, `["uv", "run", "pytest"]`},
		{"gathered default, not probed", adapter.Evidence{Adapter: "pytest", DefaultCommand: []string{"py.test", "-q"}}, `["py.test", "-q"]`},
		{"driver default", adapter.Evidence{Adapter: "pytest"}, `["python3", "-m", "pytest"]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			facts := adapter.Facts{Drivers: enableDrivers, Evidence: map[string]adapter.Evidence{"pytest": tc.ev}}
			e, err := doctor.Enable(fstest.MapFS{}, []byte(base), "pytest", facts)
			require.NoError(t, err)
			assert.Equal(t, "# Added by `ah doctor --enable pytest`: [[tests.pytest]] entries run this command with their flags appended.\n[runners.pytest]\ncommand = "+tc.want+"\n", e.Added)
			assert.Equal(t, "enabled pytest: added [runners.pytest] to .espectacular/config.toml", e.Message)
		})
	}
}

// TestEnableAbsoluteProgram: a probe that proved /usr/bin/python3 runs
// pytest found this machine's interpreter; the committed config names the
// adapter instead, which finds the interpreter on each machine (issue 28).
func TestEnableAbsoluteProgram(t *testing.T) {
	ev := adapter.Evidence{Adapter: "pytest", Probed: true, Runnable: []string{"/usr/bin/python3", "-m", "pytest"}}
	facts := adapter.Facts{Drivers: enableDrivers, Evidence: map[string]adapter.Evidence{"pytest": ev}}
	e, err := doctor.Enable(fstest.MapFS{}, []byte("tool_version = \"0.1.0\"\n"), "pytest", facts)
	require.NoError(t, err)
	assert.NotContains(t, string(e.Content), "/usr/bin/python3")
	assert.Equal(t, "# Added by `ah doctor --enable pytest`: [[tests.pytest]] entries run the pytest adapter's command, found on each machine.\n[runners.pytest]\nadapter = \"pytest\"\n", e.Added)
	assert.Equal(t, "enabled pytest: added [runners.pytest] to .espectacular/config.toml (here it runs /usr/bin/python3 -m pytest; the adapter finds the program on each machine)", e.Message)
}

// TestEnableWithoutCommand: a runner capability no driver serves has no
// command to write; the edit would be an invalid config, so nothing is
// written and the block is shown for a hand edit.
func TestEnableWithoutCommand(t *testing.T) {
	_, err := doctor.Enable(fstest.MapFS{}, []byte("tool_version = \"0.1.0\"\n"), "cargo", adapter.Facts{Drivers: enableDrivers})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "cannot enable cargo automatically: the edited .espectacular/config.toml would be wrong (invalid config .espectacular/config.toml: runners.cargo")
	assert.Contains(t, err.Error(), "; add this by hand:\n# Added by `ah doctor --enable cargo`: [[tests.cargo]] entries run this command with their flags appended.\n[runners.cargo]\ncommand = []\n")
}

// TestEnableInlineTables: only a root-level inline table named like the
// block's parent refuses the append, whatever its key's quoting; a key of
// that name inside a table is no obstacle.
func TestEnableInlineTables(t *testing.T) {
	const base = "tool_version = \"0.1.0\"\n"
	facts := adapter.Facts{Drivers: enableDrivers}
	for _, cfg := range []string{
		"runners = { unit = [\"x\"] }\n",
		"  \"runners\" = { unit = [\"x\"] }\n",
		"\t'runners'={ unit = [\"x\"] }\n",
	} {
		_, err := doctor.Enable(fstest.MapFS{}, []byte(base+cfg), "go", facts)
		require.Error(t, err, "Enable with %q", cfg)
		assert.Equal(t, "runners in .espectacular/config.toml is an inline table, which cannot be extended: add this to it by hand:\n"+goBlock[1:], err.Error())
	}
	for _, cfg := range []string{
		"[runners]\nrunners = { command = [\"x\"] }\n",
		"  [runners]\nrunners = { command = [\"x\"] }\n",
		"[quality.mutation]\nthreshold = 0.5\n",
	} {
		e, err := doctor.Enable(fstest.MapFS{}, []byte(base+cfg), "go", facts)
		require.NoError(t, err, "Enable with %q", cfg)
		assert.Equal(t, base+cfg+goBlock, string(e.Content))
	}
}

func TestToolMissingMessage(t *testing.T) {
	for _, tc := range []struct {
		err  doctor.ToolMissingError
		want string
	}{
		{doctor.ToolMissingError{Capability: "go"}, "cannot enable go: go is not installed here; install the Go toolchain (https://go.dev/doc/install), then run `ah doctor --enable go` again"},
		{doctor.ToolMissingError{Capability: "pytest", Tried: []string{"pytest --version", "python3 -m pytest --version"}},
			"cannot enable pytest: pytest is not installed here (tried `pytest --version`, `python3 -m pytest --version`); install pytest: `apt install python3-pytest` or `pip install pytest`, then run `ah doctor --enable pytest` again"},
	} {
		assert.Equal(t, tc.want, tc.err.Error())
	}
}
