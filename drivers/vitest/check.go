package vitest

import "github.com/espectacular/ah/ports"

var _ ports.ToolChecker = Driver{}

// Check probes for the project's own vitest after a run of it that left no
// report: `sh -c 'test -x node_modules/.bin/vitest'` failing proves it is
// not installed in the project. Without a wrapper its start error already
// says so; through a configured [execution] wrapper, which starts, only
// this probe can (issue 37). Any other command gives no probe.
func (Driver) Check(words []string) (probe []string, tool string) {
	if len(words) == 0 || words[0] != localBin {
		return nil, ""
	}
	return []string{"sh", "-c", "test -x " + localBin}, "`" + localBin + "`"
}
