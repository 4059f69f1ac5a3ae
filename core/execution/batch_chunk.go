package execution

import (
	"slices"

	"github.com/espectacular/ah/ports"
)

// Bounds of one batched argv (issue 23 item 13). A batch too large for
// the system fails to start ("argument list too long") and would cost one
// process per binding; instead it is cut into chunks, each one invocation
// with the same attribution. The bounds are fixed, not read from the
// system, so a plan is the same on every machine: MaxBatchArgv stays under
// every supported system's limit for argv plus environment (Linux 2 MiB,
// macOS 1 MiB, Windows' 32 K command line) and MaxBatchArg under Linux's
// 128 KiB per argument, at a length a regex engine still matches quickly
// (vitest's and go's name patterns are one argument).
const (
	MaxBatchArgv = 30 << 10
	MaxBatchArg  = 16 << 10
)

// chunk is members [from, to) of a group and their batched argv.
type chunk struct {
	from, to int
	argv     []string
}

// chunks cuts a group's selections, in order, into the fewest greedy runs
// whose BatchArgv fits the bounds. A selection whose argv does not fit
// even alone, and a run of one, are left out: those members run on their
// own, as they would unbatched.
func chunks(b ports.Batcher, prefix []string, sels []ports.Selector) []chunk {
	var out []chunk
	for from := 0; from < len(sels); {
		to, argv := longestFit(b, prefix, sels, from)
		if to-from < 2 {
			from++
			continue
		}
		out = append(out, chunk{from: from, to: to, argv: argv})
		from = to
	}
	return out
}

// longestFit is the largest end such that sels[from:end] batch into an
// argv within the bounds (from when none does), found by doubling then
// bisecting, so a group of n members costs O(log n) BatchArgv calls per
// chunk. An argv that shrinks when a member joins (vitest drops its file
// filters) only makes the search stop early; what it returns always fits.
func longestFit(b ports.Batcher, prefix []string, sels []ports.Selector, from int) (int, []string) {
	fit := func(end int) []string {
		argv, ok := b.BatchArgv(slices.Clone(prefix), sels[from:end])
		if !ok || !withinBounds(argv) {
			return nil
		}
		return argv
	}
	lo, best := from, []string(nil)
	step := 1
	for lo < len(sels) {
		end := min(lo+step, len(sels))
		argv := fit(end)
		if argv == nil {
			break
		}
		lo, best, step = end, argv, step*2
	}
	// lo fits (or is from); search (lo, lo+step) for a longer fit.
	hi := min(lo+step, len(sels)+1)
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if argv := fit(mid); argv != nil {
			lo, best = mid, argv
		} else {
			hi = mid
		}
	}
	return lo, best
}

// withinBounds reports whether argv fits MaxBatchArgv (counting each
// word's terminating NUL) and each word fits MaxBatchArg.
func withinBounds(argv []string) bool {
	total := 0
	for _, a := range argv {
		if len(a) > MaxBatchArg {
			return false
		}
		total += len(a) + 1
	}
	return total <= MaxBatchArgv
}
