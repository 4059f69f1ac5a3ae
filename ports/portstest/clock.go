package portstest

import (
	"sync"
	"time"

	"github.com/espectacular/ah/ports"
)

// Clock is a ports.Clock reading T, then advancing it by Step on every
// call, so a measured duration is known in advance.
type Clock struct {
	mu   sync.Mutex
	T    time.Time
	Step time.Duration
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
