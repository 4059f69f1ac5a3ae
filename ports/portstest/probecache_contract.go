package portstest

import (
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/ports"
)

// RunProbeCacheContract checks what every ports.ProbeCache must do,
// against the fake and the real implementation alike. newCache returns a
// fresh cache, the repository directory it fingerprints in, and install,
// which installs or replaces the executable name where the cache looks it
// up (on its PATH).
func RunProbeCacheContract(t *testing.T, newCache func(t *testing.T) (c ports.ProbeCache, dir string, install func(name string))) {
	t.Helper()
	const name = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"

	t.Run("LoadMissing", func(t *testing.T) {
		c, _, _ := newCache(t)
		_, ok := c.Load(name)
		assert.False(t, ok)
	})

	t.Run("StoreThenLoadReplaces", func(t *testing.T) {
		c, _, _ := newCache(t)
		require.NoError(t, c.Store(name, []byte(`{"a":1}`)))
		require.NoError(t, c.Store(name, []byte(`{"b":2}`)))
		got, ok := c.Load(name)
		require.True(t, ok)
		assert.Equal(t, `{"b":2}`, string(got))
	})

	t.Run("ConcurrentStoresNeverMix", func(t *testing.T) {
		c, _, _ := newCache(t)
		datas := []string{strings.Repeat("a", 1<<16), strings.Repeat("b", 1<<16)}
		var wg sync.WaitGroup
		for i := range 8 {
			wg.Go(func() { assert.NoError(t, c.Store(name, []byte(datas[i%2]))) })
		}
		wg.Wait()
		got, ok := c.Load(name)
		require.True(t, ok)
		assert.Contains(t, datas, string(got), "one whole entry")
	})

	t.Run("FingerprintIsStable", func(t *testing.T) {
		c, dir, install := newCache(t)
		install("tool")
		key := ports.ProbeKey{Executables: []string{"tool", "absent-tool"}, Env: []string{"AH_CONTRACT_UNSET"}, Repo: []string{"*.lock"}}
		a, ok := c.Fingerprint(dir, key)
		require.True(t, ok)
		b, ok := c.Fingerprint(dir, key)
		require.True(t, ok)
		assert.Equal(t, a, b, "nothing changed, nothing to re-probe")
	})

	t.Run("InstallChangesFingerprint", func(t *testing.T) {
		c, dir, install := newCache(t)
		key := ports.ProbeKey{Executables: []string{"tool"}}
		absent, ok := c.Fingerprint(dir, key)
		require.True(t, ok, "a missing executable is a state, not an error")
		install("tool")
		installed, ok := c.Fingerprint(dir, key)
		require.True(t, ok)
		assert.NotEqual(t, absent, installed, "installing the tool")
		install("tool")
		upgraded, ok := c.Fingerprint(dir, key)
		require.True(t, ok)
		assert.NotEqual(t, installed, upgraded, "reinstalling or upgrading it")
	})

	t.Run("KeyChangesFingerprint", func(t *testing.T) {
		c, dir, _ := newCache(t)
		a, _ := c.Fingerprint(dir, ports.ProbeKey{Executables: []string{"tool"}})
		b, _ := c.Fingerprint(dir, ports.ProbeKey{Executables: []string{"other"}})
		d, _ := c.Fingerprint(dir+"/sub", ports.ProbeKey{Executables: []string{"tool"}})
		assert.NotEqual(t, a, b)
		assert.NotEqual(t, a, d, "another repository")
	})
}
