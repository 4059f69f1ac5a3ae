package portstest

import (
	"sync"
	"time"

	"github.com/espectacular/ah/ports"
)

// Clock is a ports.Clock reading T, then advancing it by Step on every
// call, so a measured duration is known in advance. After answers with
// Alarm, which the test sends on when it wants a wait to end (nil: no wait
// ever ends), records each duration asked for and, when Asked is set,
// sends it there too, so a test knows the waiter is waiting again (give
// Asked room for the waits the test does not read at once).
type Clock struct {
	mu    sync.Mutex
	T     time.Time
	Step  time.Duration
	Alarm chan time.Time
	Asked chan time.Duration
	waits []time.Duration
}

var _ ports.Clock = (*Clock)(nil)

// Now returns T and advances it by Step.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := c.T
	c.T = c.T.Add(c.Step)
	return t
}

// After records d and returns Alarm.
func (c *Clock) After(d time.Duration) <-chan time.Time {
	c.mu.Lock()
	c.waits = append(c.waits, d)
	c.mu.Unlock()
	if c.Asked != nil {
		c.Asked <- d
	}
	return c.Alarm
}

// Advance moves T forward by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.T = c.T.Add(d)
}

// Waits returns every duration After was asked for, in order.
func (c *Clock) Waits() []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]time.Duration(nil), c.waits...)
}
