// Package gcpace bounds the garbage a large check lets pile up between
// two collections (issue 40). Go's default pacing (GOGC=100) lets the heap
// grow to twice what is live before it collects; a check of a large corpus
// holds a small record per scenario and decodes every contract, so its
// peak memory was about 2.5 times its live heap. After each collection the
// pace is set so that the heap may grow past the live heap by at most
// Slack or half the live heap, whichever is more: a small corpus runs at
// the default pace, and pays nothing for it.
package gcpace

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// Slack is the garbage the heap may always hold beyond what is live.
const Slack = 16 << 20

// Percent is the GOGC that lets a heap with live bytes live grow by at
// most max(Slack, live/2): 100 (Go's default) up to Slack, then down to
// 50.
func Percent(live uint64) int {
	if live <= Slack {
		return 100
	}
	return max(50, int(100*Slack/live))
}

// Start paces the collector by Percent of the live heap after each
// collection, for the rest of the process. A GOGC the user set is kept:
// Start then does nothing.
func Start() {
	if os.Getenv("GOGC") != "" {
		return
	}
	p := &pacer{sample: []metrics.Sample{{Name: "/gc/heap/live:bytes"}}}
	p.arm()
}

// pacer re-paces the collector once per collection: a sentinel object
// with a finalizer is unreachable as soon as it is made, so each
// collection runs its finalizer, which paces and makes the next one.
type pacer struct {
	sample []metrics.Sample
}

// sentinel is large enough not to be a tiny allocation, whose finalizer
// might never run.
type sentinel struct{ _ [16]byte }

func (p *pacer) arm() {
	runtime.SetFinalizer(&sentinel{}, func(*sentinel) {
		p.pace()
		p.arm()
	})
}

func (p *pacer) pace() {
	metrics.Read(p.sample)
	if p.sample[0].Value.Kind() != metrics.KindUint64 {
		return
	}
	debug.SetGCPercent(Percent(p.sample[0].Value.Uint64()))
}
