package pytest

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/espectacular/ah/ports"
)

var (
	_ ports.Watcher  = (*Stream)(nil)
	_ ports.Scoper   = Driver{}
	_ ports.Splitter = Driver{}
)

// Watch implements ports.Watcher: fn receives each node-id scope (a
// directory, a module, a class, a function and its parametrised children,
// a test) as soon as pytest has finished every test it collected under
// it, with those tests' results and their own durations, while the run
// goes on (issue 37). Only lines carrying the run's key count, and only
// until the session line; nothing read here decides a verdict (Report
// reads the whole channel again when the run ends).
func (s *Stream) Watch(fn func(part string, tests []ports.TestCase)) {
	s.watch = &watcher{fn: fn, key: []byte(s.key + " "), states: map[string]*testState{}}
}

// watcher follows the plugin's records as they arrive: the items pytest
// collected, each test's records, and each test's end.
type watcher struct {
	fn  func(string, []ports.TestCase)
	key []byte
	// read is how much of the stream's buffer has been read as lines;
	// scanned how much holds no newline after read (a long line arriving
	// in pieces is scanned once).
	read, scanned int
	ended         bool
	// collected is set by the items record: pending counts, per scope,
	// the collected tests under it not yet done; under lists them; left
	// counts each node id's collected tests not yet done (a node id
	// collected twice runs twice).
	collected bool
	pending   map[string]int
	under     map[string][]string
	left      map[string]int
	// broken holds the scopes under a collection error: they never end.
	broken []string
	states map[string]*testState
}

// watchRecord is what the watcher reads of a record.
type watchRecord struct {
	record
	NodeIDs []string `json:"nodeids"`
}

// feed reads the complete lines of buf it has not read yet.
func (w *watcher) feed(buf []byte) {
	for !w.ended {
		i := bytes.IndexByte(buf[w.scanned:], '\n')
		if i < 0 {
			w.scanned = len(buf)
			return
		}
		line := buf[w.read : w.scanned+i]
		w.read = w.scanned + i + 1
		w.scanned = w.read
		rec, ok := bytes.CutPrefix(line, w.key)
		if !ok || len(w.key) <= 1 {
			continue // not the plugin's: progress ignores it, Report flags it
		}
		var r watchRecord
		if json.Unmarshal(rec, &r) != nil {
			continue
		}
		w.record(r)
	}
}

func (w *watcher) record(r watchRecord) {
	switch r.Type {
	case "session":
		w.ended = true
	case "collect":
		if r.Outcome == "failed" {
			w.broken = append(w.broken, r.NodeID)
		}
	case "items":
		if w.collected {
			return // one collection per run
		}
		w.collected = true
		w.pending, w.under, w.left = map[string]int{}, map[string][]string{}, map[string]int{}
		for _, id := range r.NodeIDs {
			w.left[id]++
			for _, sc := range Scopes(id) {
				if w.left[id] == 1 {
					w.under[sc] = append(w.under[sc], id)
				}
				w.pending[sc]++
			}
		}
	case "test":
		t, ok := w.states[r.NodeID]
		if !ok {
			t = &testState{id: r.NodeID}
			w.states[r.NodeID] = t
		}
		t.add(r.record)
	case "done":
		if w.left[r.NodeID] == 0 {
			return // not collected, or done already
		}
		w.left[r.NodeID]--
		for _, sc := range Scopes(r.NodeID) {
			if w.pending[sc]--; w.pending[sc] == 0 && !w.holdsBroken(sc) {
				w.fn(sc, w.results(w.under[sc]))
			}
		}
	}
}

// holdsBroken reports whether a collection error lies in scope sc: its
// tests are not all known, so it is never shown as ended.
func (w *watcher) holdsBroken(sc string) bool {
	for _, b := range w.broken {
		if selects(b, sc) || selects(sc, b) || b == "" || b == "." {
			return true
		}
	}
	return false
}

func (w *watcher) results(ids []string) []ports.TestCase {
	out := make([]ports.TestCase, 0, len(ids))
	for _, id := range ids {
		if t, ok := w.states[id]; ok {
			out = append(out, t.result())
		}
	}
	return out
}

// Scopes are the node-id scopes a test is in, widest first: each
// directory of its path, its module, each class, its function (the
// parametrised parent) and the test itself, each written as a selector
// naming it is (`tests`, `tests/test_x.py`, `tests/test_x.py::TestA`,
// `tests/test_x.py::TestA::test_b`, `tests/test_x.py::TestA::test_b[1]`).
func Scopes(id string) []string {
	file, names, hasNames := strings.Cut(id, "::")
	var out []string
	for i := 1; i < len(file); i++ {
		if file[i] == '/' {
			out = append(out, file[:i])
		}
	}
	out = append(out, file)
	if !hasNames {
		return out
	}
	// A parametrisation id may hold "::" or "/"; names never hold "[".
	base, _, param := strings.Cut(names, "[")
	at := file
	for _, n := range strings.Split(base, "::") {
		at += "::" + n
		out = append(out, at)
	}
	if param {
		out = append(out, id)
	}
	return out
}

// Split implements ports.Splitter: a selection's node ids select tests
// each on its own, so a binding naming tests in two modules is shown once
// both modules have ended, not when the run does.
func (Driver) Split(sel ports.Selector) []ports.Selector {
	out := make([]ports.Selector, len(sel.Terms))
	for i, t := range sel.Terms {
		out[i] = ports.Selector{Group: sel.Group, Terms: []string{t}}
	}
	return out
}

// Within implements ports.Scoper: every test sel selects is in scope part
// when each of its selectors names part or lies under it.
func (Driver) Within(sel ports.Selector, part string) bool {
	if len(sel.Terms) == 0 {
		return false
	}
	for _, t := range sel.Terms {
		if c := clean(t); c == "." || !selects(part, c) {
			return false
		}
	}
	return true
}
