package ports

import "time"

// Clock is the only way the core learns the time, so output stays
// deterministic under a fake clock.
type Clock interface {
	Now() time.Time
}
