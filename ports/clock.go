package ports

import "time"

// Clock is the only way the core and the display learn the time, so
// output stays deterministic under a fake clock.
type Clock interface {
	Now() time.Time
	// After returns a channel that receives the time once d has passed
	// (time.After); progress uses it for its heartbeat in a silent run.
	After(d time.Duration) <-chan time.Time
}
