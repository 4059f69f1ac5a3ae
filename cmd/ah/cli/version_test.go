package cli_test

import (
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/cmd/ah/cli"
)

// TestVersionInfoFromBuildInfo: ah version reports the module version,
// VCS revision, commit time, dirty flag and Go version the build recorded;
// what it did not record is null (JSON) and said so (text), never invented.
func TestVersionInfoFromBuildInfo(t *testing.T) {
	release := &debug.BuildInfo{
		GoVersion: "go1.26.4",
		Main:      debug.Module{Path: "github.com/espectacular/ah", Version: "v0.12.0"},
		Settings: []debug.BuildSetting{
			{Key: "-trimpath", Value: "true"},
			{Key: "vcs", Value: "git"},
			{Key: "vcs.revision", Value: "3a8b6e1c0ffee"},
			{Key: "vcs.time", Value: "2026-12-04T22:33:00Z"},
			{Key: "vcs.modified", Value: "true"},
		},
	}
	v := cli.VersionInfo("0.12.0", release)
	assert.Equal(t, "v0.12.0", v.ModuleVersion)
	require.NotNil(t, v.Revision)
	assert.Equal(t, "3a8b6e1c0ffee", *v.Revision)
	require.NotNil(t, v.RevisionTime)
	assert.Equal(t, "2026-12-04T22:33:00Z", *v.RevisionTime)
	require.NotNil(t, v.Dirty)
	assert.True(t, *v.Dirty)
	assert.Equal(t, "go1.26.4", v.GoVersion)
	assert.Equal(t, "ah 0.12.0 (module v0.12.0, commit 3a8b6e1c0ffee at 2026-12-04T22:33:00Z, dirty, built with go1.26.4)", cli.VersionLine(v))

	clean := *release
	clean.Settings = []debug.BuildSetting{{Key: "vcs.revision", Value: "abc"}, {Key: "vcs.modified", Value: "false"}}
	v = cli.VersionInfo("0.12.0", &clean)
	require.NotNil(t, v.Dirty)
	assert.False(t, *v.Dirty)
	assert.Equal(t, "ah 0.12.0 (module v0.12.0, commit abc, built with go1.26.4)", cli.VersionLine(v))

	devel := &debug.BuildInfo{GoVersion: "go1.26.4", Main: debug.Module{Version: "(devel)"}}
	v = cli.VersionInfo("0.12.0", devel)
	assert.Nil(t, v.Revision)
	assert.Nil(t, v.RevisionTime)
	assert.Nil(t, v.Dirty)
	assert.Equal(t, "ah 0.12.0 (module (devel), no commit recorded, built with go1.26.4)", cli.VersionLine(v))

	v = cli.VersionInfo("0.12.0", nil)
	assert.Equal(t, "ah 0.12.0 (module unknown, no commit recorded, built with unknown)", cli.VersionLine(v))
}
