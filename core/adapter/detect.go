package adapter

import (
	"context"
	"io/fs"
	"maps"
	"slices"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/ports"
)

// Detection is the adapter evidence of one check, gathered once for every
// test type in scope before any entry is routed; nil when adapters are off.
type Detection struct {
	facts Facts
	// types are the test types in scope, sorted.
	types []string
}

// Gathered gathers, for the test types in scope, the evidence their
// decisions need (needed says which), then returns it for the pure
// decisions of Resolve. Each adapter is scanned and probed at most
// once per check; the probes run through proc in dir, their results kept
// in cache. No drivers: adapters are off.
func Gathered(ctx context.Context, fsys fs.FS, cfg config.Config, drivers []ports.Driver, proc ports.Process, dir string, cache ports.ProbeCache, types []string, probeAll bool) *Detection {
	if len(drivers) == 0 {
		return nil
	}
	facts := Facts{Drivers: drivers, Evidence: map[string]Evidence{}}
	scan, _ := needed(cfg, facts, types, probeAll)
	for _, name := range scan {
		// One scan per adapter, so each has its own import-walk budget.
		maps.Copy(facts.Evidence, Scan(fsys, drivers, name).Evidence)
	}
	_, probe := needed(cfg, facts, types, probeAll)
	facts = ProbeCached(ctx, fsys, proc, cache, dir, facts, probe...)
	return &Detection{facts: facts, types: types}
}

// needed decides which evidence the decisions of types still lack, given
// the facts gathered so far: nothing for a generic runner; a scan unless
// config decides; a probe unless config or a manifest decides. When tests
// will run (probeAll) every adapter in scope is scanned and probed, since
// a run needs the proved command and the version, except an adapter whose
// command [runners] writes: the run uses that command whatever a probe
// says, so it is not probed (issue 40; its version is then unknown). A
// probe is only asked for once the adapter was scanned, since a manifest
// may make it moot.
func needed(cfg config.Config, facts Facts, types []string, probeAll bool) (scan, probe []string) {
	for _, t := range types {
		d := Resolve(t, cfg, facts)
		name := servedBy(facts.Drivers, t, d)
		if name == "" || (d.Source == ports.SourceConfigured && (!probeAll || d.CommandConfigured)) {
			continue
		}
		ev, scanned := facts.Evidence[name]
		switch {
		case !scanned:
			scan = append(scan, name)
		case !ev.Probed && (probeAll || d.Source != ports.SourceManifest):
			probe = append(probe, name)
		}
	}
	return sorted(scan), sorted(probe)
}

func sorted(names []string) []string {
	slices.Sort(names)
	return slices.Compact(names)
}

// servedBy names the adapter a decision is about: the one it selected,
// else the driver serving testType by name (a missing-adapter decision
// names none).
func servedBy(drivers []ports.Driver, testType string, d Decision) string {
	if drv, ok := Find(drivers, testType); ok && d.Adapter == "" {
		return drv.Framework().Name
	}
	return d.Adapter
}

// decide is the adapter decision of a test type over the gathered facts.
func (dt *Detection) decide(cfg config.Config, testType string) Decision {
	return Resolve(testType, cfg, dt.facts)
}

// Router is the entry router of a check: RouteEntry over the gathered
// evidence, or over configured runners alone when adapters are off (dt
// nil).
func (dt *Detection) Router(cfg config.Config) func(contract.Entry) (Route, *Problem) {
	var detect Detect
	var drivers []ports.Driver
	if dt != nil {
		detect = func(t string) Decision { return dt.decide(cfg, t) }
		drivers = dt.facts.Drivers
	}
	return func(e contract.Entry) (Route, *Problem) {
		return RouteEntry(cfg, detect, drivers, e)
	}
}
