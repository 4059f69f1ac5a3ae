package adapter_test

import (
	"context"
	"io/fs"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

// keyed is a driver that declares what its probes depend on.
type keyed struct{ *portstest.Driver }

func (keyed) ProbeKey(fs.FS) ports.ProbeKey {
	return ports.ProbeKey{Env: []string{"VIRTUAL_ENV"}, Repo: []string{"uv.lock"}}
}

func keyedDrivers() []ports.Driver {
	ds := probingDrivers()
	return []ports.Driver{keyed{ds[0].(*portstest.Driver)}, ds[1]}
}

func probeOnce(t *testing.T, cache ports.ProbeCache, proc ports.Process, drivers []ports.Driver) adapter.Evidence {
	t.Helper()
	f := adapter.Scan(fstest.MapFS{}, drivers, "pytest")
	return adapter.ProbeCached(t.Context(), fstest.MapFS{}, proc, cache, "/repo", f, "pytest").Evidence["pytest"]
}

func pytestProc() *portstest.Process {
	return &portstest.Process{Responses: map[string]portstest.ProcessResponse{
		portstest.ProcessKey("python3", "-m", "pytest", "--version"): {Result: ports.Result{ExitCode: 1}},
		portstest.ProcessKey("pytest", "--version"):                  {Result: ports.Result{Stdout: []byte("8.3.4\n")}},
	}}
}

// Issue 40: the second check reuses the first one's probe results while
// nothing their key names changed, and its evidence is the same.
func TestProbeCacheHit(t *testing.T) {
	cache := &portstest.ProbeCache{}
	first, second := pytestProc(), pytestProc()
	a := probeOnce(t, cache, first, keyedDrivers())
	b := probeOnce(t, cache, second, keyedDrivers())
	assert.Len(t, first.Calls(), 2)
	assert.Empty(t, second.Calls(), "the second check starts no probe")
	assert.Equal(t, a, b)
	assert.Equal(t, []string{"pytest"}, b.Runnable)
	assert.Equal(t, "8.3.4", b.Version)
	assert.Equal(t, []string{"python3 -m pytest --version"}, b.Tried)
}

// A tool installed, upgraded or removed (its executable, what it loads,
// the repository's lockfile) re-probes; so does an unreadable key, a
// corrupt entry and a driver that declares no key.
func TestProbeCacheMiss(t *testing.T) {
	tests := []struct {
		name    string
		between func(c *portstest.ProbeCache)
		drivers []ports.Driver
	}{
		{name: "the probed executable was reinstalled", between: func(c *portstest.ProbeCache) { c.Install("python3") }},
		{name: "the fallback executable was installed", between: func(c *portstest.ProbeCache) { c.Install("pytest") }},
		{name: "the lockfile changed", between: func(c *portstest.ProbeCache) { c.Install("uv.lock") }},
		{name: "a steering variable changed", between: func(c *portstest.ProbeCache) { c.Install("VIRTUAL_ENV") }},
		{name: "the key cannot be read", between: func(c *portstest.ProbeCache) { c.Unreadable = true }},
		{name: "the entry is corrupt", between: func(c *portstest.ProbeCache) { c.Put([]byte("{not json")) }},
		{name: "the driver declares no key", drivers: probingDrivers()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			drivers := tt.drivers
			if drivers == nil {
				drivers = keyedDrivers()
			}
			cache := &portstest.ProbeCache{}
			probeOnce(t, cache, pytestProc(), drivers)
			if tt.between != nil {
				tt.between(cache)
			}
			again := pytestProc()
			e := probeOnce(t, cache, again, drivers)
			assert.Len(t, again.Calls(), 2, "probed afresh")
			assert.Equal(t, "8.3.4", e.Version)
		})
	}
}

// A probe that timed out is an accident of the machine's load: its
// results are not kept, and the next check probes again.
func TestTimedOutProbeIsNotCached(t *testing.T) {
	cache := &portstest.ProbeCache{}
	slow := &portstest.Process{Func: func(context.Context, ports.Command) (ports.Result, error) {
		return ports.Result{ExitCode: -1, TimedOut: true, Signaled: true}, nil
	}}
	e := probeOnce(t, cache, slow, keyedDrivers())
	assert.NotEmpty(t, e.TimedOut)
	assert.Zero(t, cache.Stores())
	again := pytestProc()
	probeOnce(t, cache, again, keyedDrivers())
	assert.Len(t, again.Calls(), 2)
}
