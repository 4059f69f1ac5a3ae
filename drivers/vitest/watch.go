package vitest

import (
	"fmt"

	"github.com/espectacular/ah/ports"
)

var (
	_ ports.Watcher = (*Stream)(nil)
	_ ports.Scoper  = Driver{}
)

// Watch implements ports.Watcher: fn receives each name pattern the run
// evaluates (part: the pattern itself) as soon as every test it selects
// has a result, with those results and vitest's own durations, while the
// run goes on (issue 37). A pattern's tests can be in any module, so that
// is known only once every module of the run is collected: ah's reporter
// says how many modules the run has, then, as each module is collected,
// its tests and the patterns selecting each. Only the reporter's records
// count (a record with another nonce is never read), and nothing read here
// decides a verdict.
func (s *Stream) Watch(fn func(part string, tests []ports.TestCase)) {
	s.watch = &watcher{fn: fn, planned: -1, expect: map[string][]int{}, results: map[string]ports.TestCase{}}
}

// watcher follows the reporter's plan, collection and result records.
type watcher struct {
	fn func(string, []ports.TestCase)
	// planned is the run's module count (-1: not said yet), collected
	// the modules collected so far.
	planned, collected int
	// expect lists, by test, the patterns selecting it; keys the tests
	// of each pattern; missing how many of them have no result yet.
	expect  map[string][]int
	keys    [][]string
	missing []int
	shown   []bool
	results map[string]ports.TestCase
}

// caseKey is a test's identity in the run: its module, its path and its
// repeat number.
func caseKey(r record) string { return fmt.Sprintf("%s\x00%q\x00%d", r.File, r.Path, r.Rep) }

func (w *watcher) grow(n int) {
	for len(w.keys) < n {
		w.keys = append(w.keys, nil)
		w.missing = append(w.missing, 0)
		w.shown = append(w.shown, false)
	}
}

// record reads a plan, case or collected record.
func (w *watcher) record(r record, candidates []string) {
	w.grow(len(candidates))
	switch r.E {
	case "plan":
		if w.planned < 0 {
			w.planned = r.Modules
		}
	case "case":
		key := caseKey(r)
		if _, ok := w.expect[key]; ok || len(r.Path) == 0 {
			return
		}
		w.expect[key] = r.Match
		_, done := w.results[key]
		for _, i := range r.Match {
			w.keys[i] = append(w.keys[i], key)
			if !done {
				w.missing[i]++
			}
		}
		return
	case "collected":
		w.collected++
	}
	w.show(nil, candidates)
}

// result reads a test's result.
func (w *watcher) result(key string, tc ports.TestCase, candidates []string) {
	if _, ok := w.results[key]; ok {
		return
	}
	w.results[key] = tc
	w.grow(len(candidates))
	idx := w.expect[key]
	for _, i := range idx {
		w.missing[i]--
	}
	if len(idx) > 0 {
		w.show(idx, candidates)
	}
}

// show announces each pattern of idx (nil: every pattern) whose tests all
// have results, once every module of the run is collected.
func (w *watcher) show(idx []int, candidates []string) {
	if w.planned < 0 || w.collected < w.planned {
		return
	}
	if idx == nil {
		idx = make([]int, len(candidates))
		for i := range idx {
			idx[i] = i
		}
	}
	for _, i := range idx {
		if i >= len(candidates) || w.shown[i] || w.missing[i] > 0 {
			continue
		}
		w.shown[i] = true
		tests := make([]ports.TestCase, 0, len(w.keys[i]))
		for _, k := range w.keys[i] {
			tests = append(tests, w.results[k])
		}
		w.fn(candidates[i], tests)
	}
}

// Within implements ports.Scoper: a selection's tests are all among those
// of its name pattern (its file filters only narrow them), so it is
// within the part that pattern names.
func (Driver) Within(sel ports.Selector, part string) bool {
	return len(sel.Terms) > 0 && sel.Terms[0] == part
}
