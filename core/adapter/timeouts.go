package adapter

import (
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/finding"
)

// ProbeTimeouts is one probe-timed-out warning per adapter whose decision
// (for any test type in scope) rests on a probe that timed out: its
// command, or the absence of an adapter, may be an accident of the
// machine's load; configPath is its spec_path. Nil without adapters.
func (dt *Detection) ProbeTimeouts(cfg config.Config, configPath string) []finding.Finding {
	if dt == nil {
		return nil
	}
	var out []finding.Finding
	done := map[string]bool{}
	for _, t := range dt.types {
		d := dt.decide(cfg, t)
		if len(d.TimedOut) == 0 {
			continue
		}
		name := servedBy(dt.facts.Drivers, t, d)
		if done[name] {
			continue
		}
		done[name] = true
		f := finding.New(finding.ProbeTimedOut, TimeoutMessage(name, d, dt.facts.Evidence[name]))
		f.SpecPath = configPath
		out = append(out, f)
	}
	return out
}
