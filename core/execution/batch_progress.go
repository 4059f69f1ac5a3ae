package execution

import (
	"maps"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/espectacular/ah/ports"
)

// watchBatch returns what a batch's stream calls as each part of the run
// ends (ports.Watcher), so each member binding is shown as soon as the
// framework has reported all of its selected tests, long before a large
// batch ends (issue 37). It is progress only: the member's verdict still
// waits for the whole batch's consistency check (runBatch). nil when no
// display takes these lines, the batcher cannot scope a selection
// (ports.Scoper) or the listing cannot resolve the selections: the
// members are then shown when the batch ends, as before.
func watchBatch(t *tracker, b *batch, jobs []Job, members []int, listing []byte, listed bool) func(string, []ports.TestCase) {
	sc, ok := b.batcher.(ports.Scoper)
	if !ok || !t.reports() {
		return nil
	}
	sels := b.sels
	if au, ok := b.batcher.(ports.Auditor); ok && listed {
		// Resolving needs the listing only: the report is judged later.
		if resolved, _, ok := au.Audit(listing, b.sels, ports.TestReport{}); ok && len(resolved) == len(sels) {
			sels = resolved
		}
	}
	pieces := make([][]ports.Selector, len(members))
	for k := range members {
		pieces[k] = []ports.Selector{sels[k]}
		if sp, ok := b.batcher.(ports.Splitter); ok {
			if p := sp.Split(sels[k]); len(p) > 0 {
				pieces[k] = p
			}
		}
	}
	var mu sync.Mutex
	shown := make([]bool, len(members))
	// ended marks each member's pieces seen within an ended part; seen
	// keeps, by identity, the member's tests those parts reported.
	ended := make([][]bool, len(members))
	seen := make([]map[string]ports.TestCase, len(members))
	return func(part string, tests []ports.TestCase) {
		mu.Lock()
		defer mu.Unlock()
		for k, m := range members {
			// A part announced twice (a test printing the framework's
			// framing) shows a binding once.
			if shown[k] || !within(sc, pieces[k], part, &ended[k]) {
				continue
			}
			if seen[k] == nil {
				seen[k] = map[string]ports.TestCase{}
			}
			for _, tc := range tests {
				if b.batcher.Matches(sels[k], tc) {
					seen[k][identity(tc)] = tc
				}
			}
			if slices.Contains(ended[k], false) {
				continue
			}
			shown[k] = true
			matched := make([]ports.TestCase, 0, len(seen[k]))
			for _, id := range slices.Sorted(maps.Keys(seen[k])) {
				matched = append(matched, seen[k][id])
			}
			j := jobs[m]
			verdict, _, _ := matchedVerdict(j.Invocation.Timeout, matched)
			r := Reported{Batch: b.id, Verdict: verdict, Duration: ownTime(matched, 0), Tests: len(matched)}
			for _, o := range j.Owners {
				r.Bindings = append(r.Bindings, o.Ref())
			}
			t.reported(r)
		}
	}
}

// within marks in ended (one flag per piece, made on first use) the
// pieces of a selection that lie within part, and reports whether any did.
func within(sc ports.Scoper, pieces []ports.Selector, part string, ended *[]bool) bool {
	if *ended == nil {
		*ended = make([]bool, len(pieces))
	}
	hit := false
	for i, p := range pieces {
		if sc.Within(p, part) {
			(*ended)[i], hit = true, true
		}
	}
	return hit
}

// ownTime is a member's own time in a batch: its reportedTime. A
// framework that reported no duration for any of its tests gives fallback
// (the member's equal share of the batch).
func ownTime(matched []ports.TestCase, fallback time.Duration) time.Duration {
	if sum := reportedTime(matched); sum > 0 {
		return sum
	}
	return fallback
}

// reportedTime is the sum of the durations the framework reported for
// matched, a subtest counted within its parent when both matched (go:
// TestA's Elapsed includes TestA/x's).
func reportedTime(matched []ports.TestCase) time.Duration {
	var sum time.Duration
	for _, tc := range matched {
		if !nested(tc, matched) {
			sum += tc.Duration
		}
	}
	return sum
}

// nested reports whether tc is a subtest of another test in tests: same
// iteration, same identity (Path, else ID) but for the last element, which
// continues the other's with "/".
func nested(tc ports.TestCase, tests []ports.TestCase) bool {
	id := parts(tc)
	n := len(id)
	for _, p := range tests {
		pid := parts(p)
		if len(pid) != n || p.Repeat != tc.Repeat || !strings.HasPrefix(id[n-1], pid[n-1]+"/") {
			continue
		}
		if samePrefix(pid[:n-1], id[:n-1]) {
			return true
		}
	}
	return false
}

// parts is a test's identity as parts: its Path, else its ID alone.
func parts(tc ports.TestCase) []string {
	if len(tc.Path) > 0 {
		return tc.Path
	}
	return []string{tc.ID}
}

func samePrefix(a, b []string) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
