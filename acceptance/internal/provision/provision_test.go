//go:build unix

package provision_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/acceptance/internal/provision"
)

// fakeNPM puts an npm on PATH that records each call in log and installs
// node_modules/.bin/tool printing the lockfile it was installed from.
func fakeNPM(t *testing.T) (log string) {
	bin := t.TempDir()
	log = filepath.Join(t.TempDir(), "npm.log")
	script := "#!/bin/sh\necho \"$*\" >> " + log + "\nmkdir -p node_modules/.bin && cp package-lock.json node_modules/.bin/tool\n"
	require.NoError(t, os.WriteFile(filepath.Join(bin, "npm"), []byte(script), 0o755))
	t.Setenv("PATH", bin+string(os.PathListSeparator)+"/usr/bin:/bin")
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	return log
}

func fixture(t *testing.T, parent, name, lock string) string {
	dir := filepath.Join(parent, name)
	require.NoError(t, os.MkdirAll(dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"name":"x"}`), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "package-lock.json"), []byte(lock), 0o644))
	return dir
}

func calls(t *testing.T, log string) int {
	b, err := os.ReadFile(log)
	if errors.Is(err, os.ErrNotExist) {
		return 0
	}
	require.NoError(t, err)
	return strings.Count(string(b), "\n")
}

// TestFixtureInstallsOnceFromTheLockfile: a fresh fixture gets the
// node_modules its lockfile pins by one npm ci; a second clone with the same
// lockfile is served from the cache; a changed lockfile installs again and
// replaces the tree; a node_modules installed by hand is kept.
func TestFixtureInstallsOnceFromTheLockfile(t *testing.T) {
	log := fakeNPM(t)
	first := fixture(t, t.TempDir(), "web", "lock-1")
	require.NoError(t, provision.Fixture(first))
	got, err := os.ReadFile(filepath.Join(first, "node_modules", ".bin", "tool"))
	require.NoError(t, err)
	assert.Equal(t, "lock-1", string(got))
	assert.Equal(t, 1, calls(t, log))
	assert.Contains(t, mustRead(t, log), "ci ")

	require.NoError(t, provision.Fixture(first), "provisioned already")
	second := fixture(t, t.TempDir(), "web", "lock-1")
	require.NoError(t, provision.Fixture(second))
	assert.Equal(t, 1, calls(t, log), "a second clone is served from the cache")
	assert.FileExists(t, filepath.Join(second, "node_modules", ".bin", "tool"))

	require.NoError(t, os.WriteFile(filepath.Join(first, "package-lock.json"), []byte("lock-2"), 0o644))
	require.NoError(t, provision.Fixture(first))
	assert.Equal(t, 2, calls(t, log), "a changed lockfile installs again")
	got, err = os.ReadFile(filepath.Join(first, "node_modules", ".bin", "tool"))
	require.NoError(t, err)
	assert.Equal(t, "lock-2", string(got))

	byHand := fixture(t, t.TempDir(), "web", "lock-3")
	require.NoError(t, os.MkdirAll(filepath.Join(byHand, "node_modules", ".bin"), 0o755))
	require.NoError(t, provision.Fixture(byHand))
	assert.Equal(t, 2, calls(t, log), "a node_modules installed by hand is kept")
}

// TestFixtureNamesMissingNPM: without npm the error names it and how to
// install it on each platform.
func TestFixtureNamesMissingNPM(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	err := provision.Fixture(fixture(t, t.TempDir(), "web", "lock"))
	missing, ok := errors.AsType[*provision.MissingError](err)
	require.True(t, ok, "%v", err)
	assert.Equal(t, "npm", missing.Program)
	for _, want := range []string{"npm is not on PATH", "apt-get install nodejs npm", "brew install node", "winget install"} {
		assert.Contains(t, err.Error(), want)
	}
}

func mustRead(t *testing.T, path string) string {
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(b)
}
