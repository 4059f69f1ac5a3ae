package vitest

import (
	"path"
	"slices"

	"github.com/espectacular/ah/ports"
)

var _ ports.ToolChecker = Driver{}

// Check probes for the project's vitest after a run of it that left no
// report (issue 37). The project's own binary: `sh -c 'test -x
// node_modules/.bin/vitest'` failing proves it is not installed in the
// project. Without a wrapper its start error already says so; through a
// configured [execution] wrapper, which starts, only this probe can.
// Through npx (`npx vitest ...`): `npx --no -- vitest --version`, which
// finds vitest where the run's npx would, the project's node_modules or
// a global install, and never downloads it, fails when npx could run it
// only by fetching it. Any other command gives no probe: ah does not know
// how it finds vitest.
func (Driver) Check(words []string) (probe []string, tool string) {
	switch {
	case len(words) == 0:
		return nil, ""
	case words[0] == localBin:
		return []string{"sh", "-c", "test -x " + localBin}, "`" + localBin + "`"
	case path.Base(words[0]) == "npx" && npxRunsVitest(words[1:]):
		return []string{words[0], "--no", "--", Name, "--version"}, Name + " for `npx`"
	}
	return nil, ""
}

// npxRunsVitest is true when npx's arguments run the package vitest
// itself, after only flags that say whether npx may install: a version
// (vitest@4), another package (-p) or a shell command (-c) is not the
// project's vitest.
func npxRunsVitest(args []string) bool {
	for i, a := range args {
		if a == Name {
			return true
		}
		if a == "--" {
			return i+1 < len(args) && args[i+1] == Name
		}
		if !slices.Contains([]string{"-y", "--yes", "--no", "--no-install", "-q", "--quiet"}, a) {
			return false
		}
	}
	return false
}
