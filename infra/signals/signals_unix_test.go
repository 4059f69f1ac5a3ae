//go:build unix

package signals_test

import (
	"context"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/infra/signals"
)

// TestNotify: each stopping signal cancels the context and is reported by
// stop, so main can exit 128+n; without a signal stop reports 0.
func TestNotify(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT} {
		ctx, stop := signals.Notify(context.Background())
		require.NoError(t, syscall.Kill(syscall.Getpid(), sig))
		select {
		case <-ctx.Done():
		case <-time.After(time.Minute): // a hang, not a speed bound
			t.Fatalf("%v did not cancel the context", sig)
		}
		assert.Equal(t, int(sig), stop(), "%v", sig)
	}
	_, stop := signals.Notify(context.Background())
	assert.Equal(t, 0, stop())
}
