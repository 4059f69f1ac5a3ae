package adapter

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"io/fs"
	"slices"

	"github.com/espectacular/ah/ports"
)

// cacheVersion changes whenever the meaning of a cached entry does.
const cacheVersion = "ah-probe-1"

// cachedEntry is what the cache keeps of one adapter's probes.
type cachedEntry struct {
	// Stamp is the digest of the probe commands and the fingerprint of
	// what they depend on when they ran: any difference re-probes.
	Stamp    string   `json:"stamp"`
	Runnable []string `json:"runnable,omitempty"`
	Version  string   `json:"version,omitempty"`
	Tried    []string `json:"tried,omitempty"`
}

// cachedProbe is probe through cache: the evidence kept from an earlier
// check when nothing its key names has changed since, else fresh probes,
// kept for the next check unless one timed out (an accident of the load)
// or the check was interrupted. A driver that declares no key
// (ports.ProbeKeyer), a key that cannot be read or an entry that does not
// decode is probed afresh.
func cachedProbe(ctx context.Context, repo fs.FS, proc ports.Process, cache ports.ProbeCache, dir string, d ports.Detector, e Evidence) Evidence {
	keyer, ok := d.(ports.ProbeKeyer)
	if cache == nil || !ok || ctx.Err() != nil {
		return probe(ctx, repo, proc, dir, d, e)
	}
	probes := d.Probes(repo)
	key := keyer.ProbeKey(repo)
	var exes []string
	for _, p := range probes {
		if len(p.Argv) > 0 {
			exes = append(exes, p.Argv[0])
		}
	}
	key.Executables = slices.Compact(slices.Sorted(slices.Values(append(exes, key.Executables...))))
	fp, ok := cache.Fingerprint(dir, key)
	if !ok {
		return probe(ctx, repo, proc, dir, d, e)
	}
	name := digest(cacheVersion, dir, d.Framework().Name)
	stamp := stampOf(fp, probes)
	if data, ok := cache.Load(name); ok {
		var c cachedEntry
		if json.Unmarshal(data, &c) == nil && c.Stamp == stamp {
			e.Probed, e.Runnable, e.Version, e.Tried = true, c.Runnable, c.Version, c.Tried
			return e
		}
	}
	e = probe(ctx, repo, proc, dir, d, e)
	if ctx.Err() != nil || len(e.TimedOut) > 0 {
		return e
	}
	data, err := json.Marshal(cachedEntry{Stamp: stamp, Runnable: e.Runnable, Version: e.Version, Tried: e.Tried})
	if err == nil {
		_ = cache.Store(name, data) // a cache that cannot be written only costs the next check a probe
	}
	return e
}

// stampOf digests the probe commands with the fingerprint: a driver that
// probes differently (a .venv appeared) never reuses the old answers.
func stampOf(fp string, probes []ports.Probe) string {
	parts := []string{cacheVersion, fp}
	for _, p := range probes {
		parts = append(parts, "probe", p.Label)
		parts = append(parts, p.Argv...)
		parts = append(parts, "command")
		parts = append(parts, p.Command...)
	}
	return digest(parts...)
}

// digest is the hex SHA-256 of parts, each length-prefixed so that no two
// lists share a digest by moving a boundary.
func digest(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		h.Write(binary.LittleEndian.AppendUint64(nil, uint64(len(p))))
		h.Write([]byte(p))
	}
	return hex.EncodeToString(h.Sum(nil))
}
