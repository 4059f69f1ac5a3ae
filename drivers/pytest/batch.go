package pytest

import (
	"slices"
	"strings"

	"github.com/espectacular/ah/ports"
)

var _ ports.Batcher = Driver{}

// Select implements ports.Batcher: flags that are all node ids or paths
// (`tests/test_x.py::test_a`, `tests/test_x.py`, `tests/`), no option
// (not `-k`, `-x` or `-m`: what they select depends on more than names).
func (Driver) Select(flags []string) (ports.Selection, bool) {
	if len(flags) == 0 {
		return ports.Selection{}, false
	}
	for _, f := range flags {
		if f == "" || strings.HasPrefix(f, "-") || strings.ContainsAny(f, " \t\n") {
			return ports.Selection{}, false
		}
	}
	return ports.Selection{Terms: slices.Clone(flags)}, true
}

// BatchArgv implements ports.Batcher: every node id once, in binding
// order, after the runner's command.
func (Driver) BatchArgv(command []string, sels []ports.Selection) ([]string, bool) {
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
// class or module (`path::Class`, `path`), or a directory above it.
// Reported node ids are relative to pytest's rootdir; when that is a
// subdirectory of the repository, the selector's leading directories are
// tried off one by one.
func (Driver) Matches(sel ports.Selection, tc ports.TestCase) bool {
	for _, t := range sel.Terms {
		t = strings.TrimSuffix(strings.TrimPrefix(t, "./"), "/")
		for {
			if selects(t, tc.ID) {
				return true
			}
			i := strings.IndexByte(t, '/')
			if i < 0 || strings.Contains(t[:i], "::") {
				break
			}
			t = t[i+1:]
		}
	}
	return false
}

func selects(sel, id string) bool {
	if sel == "" {
		return false
	}
	if id == sel {
		return true
	}
	rest, ok := strings.CutPrefix(id, sel)
	return ok && (strings.HasPrefix(rest, "::") || strings.HasPrefix(rest, "[") || strings.HasPrefix(rest, "/"))
}
