package pytest

import (
	"path"
	"slices"
	"strings"

	"github.com/espectacular/ah/ports"
)

var _ ports.Batcher = Driver{}

// Select implements ports.Batcher: flags that are all node ids or paths
// relative to the directory pytest runs in (`tests/test_x.py::test_a`,
// `tests/test_x.py`, `tests/`), no option (not `-k`, `-x` or `-m`: what
// they select depends on more than names), and no absolute path or `..`
// (the plugin reports ids relative to that directory and below it).
func (Driver) Select(flags []string) (ports.Selector, bool) {
	if len(flags) == 0 {
		return ports.Selector{}, false
	}
	for _, f := range flags {
		file, _, _ := strings.Cut(f, "::")
		if f == "" || strings.HasPrefix(f, "-") || strings.ContainsAny(f, " \t\n\\") ||
			path.IsAbs(file) || slices.Contains(strings.Split(file, "/"), "..") {
			return ports.Selector{}, false
		}
	}
	return ports.Selector{Terms: slices.Clone(flags)}, true
}

// BatchArgv implements ports.Batcher: every node id once, in binding
// order, after the runner's command.
func (Driver) BatchArgv(command []string, sels []ports.Selector) ([]string, bool) {
	out := slices.Clone(command)
	seen := map[string]bool{}
	for _, s := range sels {
		for _, t := range s.Terms {
			if !seen[t] {
				seen[t] = true
				out = append(out, t)
			}
		}
	}
	return out, len(out) > len(command)
}

// Matches implements ports.Batcher: a test is selected by a node id that
// is its own, its parametrised parent (`test_a` selects `test_a[1]`), its
// class or module (`path::Class`, `path`), or a directory above it. The
// plugin reports node ids with their path relative to the directory pytest
// ran in, which is what a selector's path is relative to, so both compare
// exactly: no leading directory is ever dropped (a selector naming an
// emptied `legacy/tests` matches nothing, never the tests under `tests/`).
func (Driver) Matches(sel ports.Selector, tc ports.TestCase) bool {
	for _, t := range sel.Terms {
		if selects(clean(t), tc.ID) {
			return true
		}
	}
	return false
}

// clean writes a selector's path as pytest resolves it (`./tests//x.py`
// is `tests/x.py`, `tests/` is `tests`); the names after `::` are kept.
func clean(sel string) string {
	file, names, ok := strings.Cut(sel, "::")
	c := path.Clean(file)
	switch {
	case c == file:
		return sel // already clean: no copy (Within asks at every scope's end)
	case ok:
		return c + "::" + names
	}
	return c
}

func selects(sel, id string) bool {
	if sel == "" || sel == "." {
		return sel == "." && !strings.HasPrefix(id, "../")
	}
	if id == sel {
		return true
	}
	rest, ok := strings.CutPrefix(id, sel)
	return ok && (strings.HasPrefix(rest, "::") || strings.HasPrefix(rest, "[") || strings.HasPrefix(rest, "/"))
}
