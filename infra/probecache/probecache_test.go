package probecache_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/infra/probecache"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

func newCache(t *testing.T) (*probecache.Cache, string, string) {
	root := t.TempDir()
	bin, repo := filepath.Join(root, "bin"), filepath.Join(root, "repo")
	require.NoError(t, os.MkdirAll(bin, 0o755))
	require.NoError(t, os.MkdirAll(repo, 0o755))
	env := map[string]string{"PATH": bin, "HOME": filepath.Join(root, "home"), "XDG_CACHE_HOME": filepath.Join(root, "cache")}
	return probecache.New(func(k string) string { return env[k] }), repo, bin
}

// installs counts installs so each writes different content with a
// different mtime, as a reinstall or an upgrade would.
func install(t *testing.T, bin string) func(string) {
	n := 0
	return func(name string) {
		n++
		p := filepath.Join(bin, name)
		require.NoError(t, os.WriteFile(p+".new", []byte("#!/bin/sh\n# "+string(rune('a'+n))+"\n"), 0o755))
		require.NoError(t, os.Rename(p+".new", p))
		stamp := time.Date(2020, 1, 1, 0, 0, n, 0, time.UTC)
		require.NoError(t, os.Chtimes(p, stamp, stamp))
	}
}

func TestProbeCacheContract(t *testing.T) {
	portstest.RunProbeCacheContract(t, func(t *testing.T) (ports.ProbeCache, string, func(string)) {
		c, repo, bin := newCache(t)
		return c, repo, install(t, bin)
	})
}

func TestEntriesLiveUnderTheUserCacheDir(t *testing.T) {
	c, _, _ := newCache(t)
	assert.Equal(t, "probes", filepath.Base(c.Dir))
	assert.Equal(t, "ah", filepath.Base(filepath.Dir(c.Dir)))
	require.Error(t, c.Store("../escape", []byte("x")), "an entry name is a digest, never a path")
}

// What the tool loads its packages from, and the repository's manifests,
// are keyed: a package installed next to the interpreter, or a lockfile
// edited, changes the fingerprint.
func TestNearAndRepoPatternsAreKeyed(t *testing.T) {
	c, repo, bin := newCache(t)
	install(t, bin)("python3")
	key := ports.ProbeKey{Executables: []string{"python3"}, Near: []string{"../lib/python3*/site-packages"}, Repo: []string{"uv.lock"}, Env: []string{"VIRTUAL_ENV"}}
	before, ok := c.Fingerprint(repo, key)
	require.True(t, ok)
	site := filepath.Join(filepath.Dir(bin), "lib", "python3.12", "site-packages")
	require.NoError(t, os.MkdirAll(site, 0o755))
	withSite, _ := c.Fingerprint(repo, key)
	assert.NotEqual(t, before, withSite, "site-packages appeared")
	require.NoError(t, os.Mkdir(filepath.Join(site, "pytest"), 0o755))
	stamp := time.Date(2021, 1, 1, 0, 0, 0, 0, time.UTC)
	require.NoError(t, os.Chtimes(site, stamp, stamp))
	withPytest, _ := c.Fingerprint(repo, key)
	assert.NotEqual(t, withSite, withPytest, "a package installed there")
	require.NoError(t, os.WriteFile(filepath.Join(repo, "uv.lock"), []byte("x"), 0o644))
	withLock, _ := c.Fingerprint(repo, key)
	assert.NotEqual(t, withPytest, withLock, "a lockfile")
}

func TestSymlinkedExecutableKeysItsTarget(t *testing.T) {
	c, repo, bin := newCache(t)
	real := filepath.Join(filepath.Dir(bin), "real")
	require.NoError(t, os.MkdirAll(real, 0o755))
	in := install(t, real)
	in("python3.12")
	require.NoError(t, os.Symlink(filepath.Join(real, "python3.12"), filepath.Join(bin, "python3")))
	key := ports.ProbeKey{Executables: []string{"python3"}}
	a, ok := c.Fingerprint(repo, key)
	require.True(t, ok)
	in("python3.12")
	b, _ := c.Fingerprint(repo, key)
	assert.NotEqual(t, a, b, "the symlink's target was upgraded")
}

func TestCorruptEntryIsLoadedAsIs(t *testing.T) {
	c, _, _ := newCache(t)
	name := "00ff00ff00ff00ff"
	require.NoError(t, c.Store(name, []byte("{")))
	got, ok := c.Load(name)
	require.True(t, ok)
	assert.Equal(t, "{", string(got), "the caller decodes; a corrupt entry is then re-probed and rewritten")
	entries, err := os.ReadDir(c.Dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1, "no temporary file left behind")
}
