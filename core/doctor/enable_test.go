package doctor_test

import (
	"errors"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/doctor"
	"github.com/espectacular/ah/ports"
)

// pytestDriver stands in for the bundled pytest adapter in Enable tests.
type pytestDriver struct{ goDriver }

func (pytestDriver) Framework() ports.Framework {
	return ports.Framework{Name: "pytest", Aliases: []string{"python"}}
}
func (pytestDriver) DefaultCommand(fs.FS) []string { return []string{"python3", "-m", "pytest"} }
func (pytestDriver) RunsFramework(argv []string) bool {
	return len(argv) > 0 && strings.HasSuffix(argv[len(argv)-1], "pytest")
}

var enableDrivers = []ports.Driver{goDriver{}, pytestDriver{}}

func TestEnable(t *testing.T) {
	const base = "tool_version = \"0.1.0\"\n"
	tests := []struct {
		name     string
		config   string
		cap      string
		runnable []string // a probe proved this pytest command
		want     string   // the whole new file; "" for a no-op
	}{
		{
			name: "pytest default command", config: base, cap: "pytest",
			want: base + "\n# Added by `ah doctor --enable pytest`: [[tests.pytest]] entries run this command with their flags appended.\n[runners.pytest]\ncommand = [\"python3\", \"-m\", \"pytest\"]\n",
		},
		{
			name: "pytest uses the probed command", config: base, cap: "pytest", runnable: []string{".venv/bin/python", "-m", "pytest"},
			want: base + "\n# Added by `ah doctor --enable pytest`: [[tests.pytest]] entries run this command with their flags appended.\n[runners.pytest]\ncommand = [\".venv/bin/python\", \"-m\", \"pytest\"]\n",
		},
		{
			name: "a last line without newline is ended first", config: strings.TrimSuffix(base, "\n"), cap: "go",
			want: base + "\n# Added by `ah doctor --enable go`: [[tests.go]] entries run this command with their flags appended.\n[runners.go]\ncommand = [\"go\", \"test\"]\n",
		},
		{
			name: "appending after an array of tables", config: base + "[runners]\nunit = [\"x\"]\n[runners.custom.make]\ncommand = [\"make\"]\n", cap: "go",
			want: base + "[runners]\nunit = [\"x\"]\n[runners.custom.make]\ncommand = [\"make\"]\n\n# Added by `ah doctor --enable go`: [[tests.go]] entries run this command with their flags appended.\n[runners.go]\ncommand = [\"go\", \"test\"]\n",
		},
		{
			// Tables ah does not read (config.Config has no field for
			// them) are kept byte for byte.
			name: "unread tables are kept", config: base + "[capabilities.snapshot]\nenabled = false\n[quality.mutation]\nenabled = true\n", cap: "go",
			want: base + "[capabilities.snapshot]\nenabled = false\n[quality.mutation]\nenabled = true\n\n# Added by `ah doctor --enable go`: [[tests.go]] entries run this command with their flags appended.\n[runners.go]\ncommand = [\"go\", \"test\"]\n",
		},
		{name: "runner already configured", config: base + "[runners]\npytest = [\"uv\", \"run\", \"pytest\"]\n", cap: "pytest"},
		{name: "another runner names the adapter", config: base + "[runners.unit]\ncommand = [\"uv\", \"run\", \"pytest\"]\nadapter = \"pytest\"\n", cap: "pytest"},
		{name: "adapter-only runner table", config: base + "[runners.pytest]\nadapter = \"pytest\"\n", cap: "pytest"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			facts := adapter.Facts{Drivers: enableDrivers, Evidence: map[string]adapter.Evidence{}}
			if tt.runnable != nil {
				facts.Evidence["pytest"] = adapter.Evidence{Adapter: "pytest", Probed: true, Runnable: tt.runnable}
			}
			e, err := doctor.Enable(fstest.MapFS{}, []byte(tt.config), tt.cap, facts)
			require.NoError(t, err)
			assert.Equal(t, tt.cap, e.Capability)
			assert.Equal(t, config.Path, e.ConfigPath)
			if tt.want == "" {
				assert.False(t, e.Changed)
				assert.Nil(t, e.Content)
				assert.Empty(t, e.Added)
				assert.Contains(t, e.Message, "nothing changed")
				return
			}
			assert.True(t, e.Changed)
			assert.Equal(t, tt.want, string(e.Content))
			_, err = config.Parse(e.Content)
			require.NoError(t, err)
			again, err := doctor.Enable(fstest.MapFS{}, e.Content, tt.cap, facts)
			require.NoError(t, err)
			assert.False(t, again.Changed, "enabling twice is a no-op")
		})
	}
}

func TestEnableErrors(t *testing.T) {
	facts := adapter.Facts{Drivers: enableDrivers}
	tests := []struct {
		name, config, cap, want string
	}{
		{"unknown capability", "tool_version = \"0.1.0\"\n", "jest", `unknown capability "jest"; known capabilities: cargo, go, mutation, property, pytest, snapshot, vitest`},
		// Issue 16: a quality block is written only when it would work,
		// which needs a detected framework (none here).
		{"mutation needs a known tool", "tool_version = \"0.1.0\"\n", "mutation", `no mutation tool is known for this project (detected framework: none)`},
		{"property needs a framework", "tool_version = \"0.1.0\"\n", "property", `no test framework is detected to run [[tests.property]] entries`},
		{"snapshot needs a framework", "tool_version = \"0.1.0\"\n", "snapshot", `no test framework is detected to run [[tests.snapshot]] entries`},
		{"invalid config", "tool_version = 1\n", "go", "invalid config"},
		{"inline runners table cannot grow", "tool_version = \"0.1.0\"\nrunners = { unit = [\"x\"] }\n", "go", "runners in .espectacular/config.toml is an inline table"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := doctor.Enable(fstest.MapFS{}, []byte(tt.config), tt.cap, facts)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
	_, err := doctor.Enable(fstest.MapFS{}, []byte("tool_version = \"0.1.0\"\n"), "jest", facts)
	var uc *doctor.UnknownCapabilityError
	require.True(t, errors.As(err, &uc))
	assert.Equal(t, doctor.Capabilities(), uc.Known)
}

// TestEnableRefusesMissingTool: a capability whose probes all failed is
// not written to the config; the error says how to install the tool
// (issue 8). Without probes (nothing gathered) the edit is made as before.
func TestEnableRefusesMissingTool(t *testing.T) {
	const base = "tool_version = \"0.1.0\"\n"
	for _, tc := range []struct {
		cap, install string
	}{
		{"pytest", "`apt install python3-pytest` or `pip install pytest`"},
		{"go", "install the Go toolchain"},
	} {
		t.Run(tc.cap, func(t *testing.T) {
			facts := adapter.Facts{Drivers: enableDrivers, Evidence: map[string]adapter.Evidence{
				tc.cap: {Adapter: tc.cap, Probed: true, Tried: []string{tc.cap + " --version"}},
			}}
			_, err := doctor.Enable(fstest.MapFS{}, []byte(base), tc.cap, facts)
			te, ok := errors.AsType[*doctor.ToolMissingError](err)
			require.True(t, ok, "Enable(%s) = %v, want a ToolMissingError", tc.cap, err)
			assert.Equal(t, tc.cap, te.Capability)
			assert.Contains(t, err.Error(), tc.install)
			assert.Contains(t, err.Error(), "(tried `"+tc.cap+" --version`)")
		})
	}
	e, err := doctor.Enable(fstest.MapFS{}, []byte(base), "go", adapter.Facts{Drivers: enableDrivers})
	require.NoError(t, err)
	assert.True(t, e.Changed)
}
