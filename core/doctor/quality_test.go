package doctor_test

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/doctor"
	"github.com/espectacular/ah/core/quality"
)

// TestEnableQuality: issue 16. `--enable mutation|property|snapshot` writes
// a block that works as written: the parsed config has the tool command
// or a runner selecting the project's detected framework, and enabling
// twice changes nothing.
func TestEnableQuality(t *testing.T) {
	const base = "tool_version = \"0.1.0\"\n"
	goProject := map[string]adapter.Evidence{"go": {Adapter: "go", Manifest: true}}
	pyProject := map[string]adapter.Evidence{"pytest": {Adapter: "pytest", ImportedBy: "tests/test_x.py"}}
	tests := []struct {
		name     string
		cap      string
		evidence map[string]adapter.Evidence
		check    func(t *testing.T, c config.Config)
	}{
		{"mutation on a Go project runs gremlins", "mutation", goProject, func(t *testing.T, c config.Config) {
			assert.Equal(t, quality.GremlinsCommand, c.Mutation.Command)
			assert.InDelta(t, 0.8, c.Mutation.Threshold, 1e-9)
			assert.False(t, c.Mutation.Enabled, "no project-wide run unless asked")
		}},
		{"property runs through the detected go adapter", "property", goProject, func(t *testing.T, c config.Config) {
			assert.Equal(t, config.Runner{Adapter: "go"}, c.Runners["property"])
		}},
		{"snapshot runs through the detected pytest adapter", "snapshot", pyProject, func(t *testing.T, c config.Config) {
			assert.Equal(t, config.Runner{Adapter: "pytest"}, c.Runners["snapshot"])
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			facts := adapter.Facts{Drivers: enableDrivers, Evidence: tt.evidence}
			e, err := doctor.Enable(fstest.MapFS{}, []byte(base), tt.cap, facts)
			require.NoError(t, err)
			require.True(t, e.Changed)
			assert.Contains(t, e.Added, "# Added by `ah doctor --enable "+tt.cap+"`")
			c, err := config.Parse(e.Content)
			require.NoError(t, err)
			tt.check(t, c)
			again, err := doctor.Enable(fstest.MapFS{}, e.Content, tt.cap, facts)
			require.NoError(t, err)
			assert.False(t, again.Changed, "enabling twice is a no-op")
		})
	}
}

// TestEnableMutationNeedsGo: gremlins measures Go only; another framework
// gets an error naming it and the by-hand fix, and nothing is written.
func TestEnableMutationNeedsGo(t *testing.T) {
	facts := adapter.Facts{Drivers: enableDrivers, Evidence: map[string]adapter.Evidence{"pytest": {Adapter: "pytest", Manifest: true}}}
	_, err := doctor.Enable(fstest.MapFS{}, []byte("tool_version = \"0.1.0\"\n"), "mutation", facts)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "detected framework: pytest")
	assert.Contains(t, err.Error(), "ah explain quality-mutation")
}
