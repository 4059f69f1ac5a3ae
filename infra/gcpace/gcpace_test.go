package gcpace_test

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/infra/gcpace"
)

// A heap up to Slack live keeps Go's default pace; past it, the garbage
// allowed stays Slack until it is half the live heap (GOGC 50).
func TestPercent(t *testing.T) {
	assert.Equal(t, 100, gcpace.Percent(0))
	assert.Equal(t, 100, gcpace.Percent(gcpace.Slack))
	assert.Equal(t, 75, gcpace.Percent(gcpace.Slack*4/3))
	assert.Equal(t, 50, gcpace.Percent(gcpace.Slack*2))
	assert.Equal(t, 50, gcpace.Percent(gcpace.Slack*100))
}

// Start re-paces after each collection: with a large live heap, GOGC goes
// down; a GOGC the user set is left alone.
func TestStartPacesByTheLiveHeap(t *testing.T) {
	t.Setenv("GOGC", "")
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	live := make([]byte, 3*gcpace.Slack)
	gcpace.Start()
	// Each collection runs the finalizer that paces, on its own
	// goroutine: the bound is about a hang, not speed.
	assert.Eventually(t, func() bool {
		runtime.GC()
		percent := debug.SetGCPercent(100)
		debug.SetGCPercent(percent)
		return percent == 50
	}, time.Minute, 10*time.Millisecond)
	runtime.KeepAlive(live)
}
