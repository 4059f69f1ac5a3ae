package portstest

import (
	"sync"
	"time"

	"github.com/espectacular/ah/ports"
)

// Clock is a ports.Clock reading T, then advancing it by Step on every
// call, so a measured duration is known in advance. After answers with
// Alarm, which the test sends on when it wants a wait to end (nil: no wait
// ever ends), and records each duration asked for.
type Clock struct {
	mu    sync.Mutex
	T     time.Time
	Step  time.Duration
	Alarm chan time.Time
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
	defer c.mu.Unlock()
	c.waits = append(c.waits, d)
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
