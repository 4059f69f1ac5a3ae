package check

import (
	"maps"
	"slices"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/finding"
)

// probeTimeouts is one probe-timed-out warning per adapter whose decision
// (for any test type this check resolved) rests on a probe that timed out:
// its command, or the absence of an adapter, may be an accident of the
// machine's load. Nil without adapters.
func (dc *decider) probeTimeouts() []finding.Finding {
	if dc == nil {
		return nil
	}
	var out []finding.Finding
	done := map[string]bool{}
	for _, t := range slices.Sorted(maps.Keys(dc.memo)) {
		d := dc.memo[t]
		if len(d.TimedOut) == 0 {
			continue
		}
		name := dc.adapterOf(t, d)
		if done[name] {
			continue
		}
		done[name] = true
		f := finding.New(finding.ProbeTimedOut, adapter.TimeoutMessage(name, d, dc.facts.Evidence[name]))
		f.SpecPath = config.Path
		out = append(out, f)
	}
	return out
}
