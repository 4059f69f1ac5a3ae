package doctor

import (
	"maps"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/config"
)

// probeCheck warns when an adapter's decision rests on an environment
// probe that timed out: the command doctor lists for it (or the missing
// adapter) may be an accident of the machine's load. Listed only when it
// happens, so the usual report keeps its shape.
func probeCheck(cfg config.Config, facts adapter.Facts) (Check, bool) {
	var msgs []string
	for _, name := range slices.Sorted(maps.Keys(facts.Evidence)) {
		d := adapter.Resolve(name, cfg, facts)
		if len(d.TimedOut) > 0 {
			msgs = append(msgs, adapter.TimeoutMessage(name, d, facts.Evidence[name]))
		}
	}
	if len(msgs) == 0 {
		return Check{}, false
	}
	return Check{Name: "probes", Status: Warn, Message: strings.Join(msgs, "; also ")}, true
}
