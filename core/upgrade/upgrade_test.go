package upgrade_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/changelog"
	"github.com/espectacular/ah/core/upgrade"
)

func TestPlanRewritesOnlyToolVersion(t *testing.T) {
	old := "# pinned by hand\ntool_version = '0.0.9'  # keep me\n\n[paths]\nspecs = \"openspec/specs\" # tool_version = \"x\"\n"
	r, err := upgrade.Compute([]byte(old), "0.12.0")
	require.NoError(t, err)
	assert.True(t, r.Upgraded)
	assert.Equal(t, "# pinned by hand\ntool_version = '0.12.0'  # keep me\n\n[paths]\nspecs = \"openspec/specs\" # tool_version = \"x\"\n", string(r.Content))
	require.NotEmpty(t, r.Changes)
	assert.Equal(t, "NR", r.Changes[0].Name, "a config predating 0.1.0 learns about NR first")
}

func TestPlanUpToDate(t *testing.T) {
	r, err := upgrade.Compute([]byte("tool_version = \"0.12.0\"\r\n"), "0.12.0")
	require.NoError(t, err)
	assert.False(t, r.Upgraded)
	assert.Nil(t, r.Content)
	assert.Empty(t, r.Changes)
}

func TestPlanRefusesNewer(t *testing.T) {
	_, err := upgrade.Compute([]byte("tool_version = \"0.13.0\"\n"), "0.12.0")
	var ne *upgrade.NewerError
	require.True(t, errors.As(err, &ne), "got %v", err)
	assert.Contains(t, err.Error(), "0.13.0")
}

func TestPlanWithoutARewritableLine(t *testing.T) {
	tests := []struct{ name, config string }{
		{"inline in a table only", "[paths]\ntool_version = \"0.1.0\"\n"},
		{"multi-line string", "tool_version = \"\"\"0.1.0\"\"\"\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := upgrade.Compute([]byte(tt.config), "0.12.0")
			require.Error(t, err)
			assert.Contains(t, err.Error(), "by hand")
		})
	}
}

func TestPlanCRLFKept(t *testing.T) {
	r, err := upgrade.Compute([]byte("tool_version = \"0.11.0\"\r\n[paths]\r\n"), "0.12.0")
	require.NoError(t, err)
	assert.Equal(t, "tool_version = \"0.12.0\"\r\n[paths]\r\n", string(r.Content))
}

func TestPlanResult(t *testing.T) {
	r, err := upgrade.Compute([]byte("tool_version = \"0.11.0\"\n"), "0.12.0")
	require.NoError(t, err)
	assert.Equal(t, upgrade.Result{From: "0.11.0", To: "0.12.0", Upgraded: true, Changes: changelog.Between("0.11.0", "0.12.0"),
		Content: []byte("tool_version = \"0.12.0\"\n")}, r)

	r, err = upgrade.Compute([]byte("tool_version = \"v0.12.0\"\n"), "0.12.0")
	require.NoError(t, err)
	assert.Equal(t, upgrade.Result{From: "v0.12.0", To: "0.12.0"}, r, "a leading v names the same version")
}

func TestPlanErrors(t *testing.T) {
	tests := []struct{ name, config, want string }{
		{"invalid TOML", "tool_version = \n", "read .espectacular/config.toml: "},
		{"a line inside a multi-line string is not the key", "notes = \"\"\"\ntool_version = '0.1.0'\n\"\"\"\ntool_version = \"0.1.0\"\n",
			".espectacular/config.toml: rewriting tool_version would break the file: set tool_version = \"0.12.0\" by hand"},
		{"no line at all", "[paths]\n", ".espectacular/config.toml: found no top-level line `tool_version = \"...\"` to rewrite: set tool_version = \"0.12.0\" by hand"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := upgrade.Compute([]byte(tt.config), "0.12.0")
			require.Error(t, err)
			assert.True(t, strings.HasPrefix(err.Error(), tt.want), "got %q", err)
			assert.Equal(t, upgrade.Result{}, r)
		})
	}
	err := (&upgrade.NewerError{Configured: "0.13.0", Running: "0.12.0"}).Error()
	assert.Equal(t, `.espectacular/config.toml pins tool_version "0.13.0", newer than this ah (0.12.0): install ah 0.13.0 or later instead of downgrading the config`, err)
}
