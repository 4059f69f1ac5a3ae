package portstest

import (
	"fmt"
	"slices"
	"sync"

	"github.com/espectacular/ah/ports"
)

// ProbeCache is an in-memory ports.ProbeCache. Its fingerprint is the key
// itself and a version per keyed name that Install bumps (a tool
// installed, upgraded or removed); Unreadable makes every fingerprint
// fail, as an unreadable file would. Safe for concurrent use.
type ProbeCache struct {
	// Unreadable, when set, makes Fingerprint report ok = false.
	Unreadable bool

	mu      sync.Mutex
	entries map[string][]byte
	state   map[string]int
	stores  int
}

var _ ports.ProbeCache = (*ProbeCache)(nil)

// Install changes the state of the executable or path name.
func (c *ProbeCache) Install(name string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.state == nil {
		c.state = map[string]int{}
	}
	c.state[name]++
}

// Fingerprint implements ports.ProbeCache.
func (c *ProbeCache) Fingerprint(dir string, key ports.ProbeKey) (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.Unreadable {
		return "", false
	}
	fp := fmt.Sprintf("%q %q", dir, key)
	for _, names := range [][]string{key.Executables, key.Env, key.Near, key.Home, key.Repo} {
		for _, n := range names {
			fp += fmt.Sprintf(" %q=%d", n, c.state[n])
		}
	}
	return fp, true
}

// Load implements ports.ProbeCache.
func (c *ProbeCache) Load(name string) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	data, ok := c.entries[name]
	return slices.Clone(data), ok
}

// Store implements ports.ProbeCache.
func (c *ProbeCache) Store(name string, data []byte) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil {
		c.entries = map[string][]byte{}
	}
	c.entries[name] = slices.Clone(data)
	c.stores++
	return nil
}

// Put replaces every stored entry's data with data (a corrupt cache).
func (c *ProbeCache) Put(data []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for name := range c.entries {
		c.entries[name] = slices.Clone(data)
	}
}

// Stores counts the Store calls.
func (c *ProbeCache) Stores() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.stores
}
