package check

import (
	"context"
	"io/fs"
	"maps"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/core/runner"
	"github.com/espectacular/ah/ports"
)

// decider memoises the adapter decision of each test type. It gathers
// evidence lazily, once per adapter and per check, and only as far as the
// decision needs: nothing for a generic runner; no probe when config or a
// manifest decides, unless tests will run (probeAll), which needs the
// proved command and the version.
type decider struct {
	ctx      context.Context
	fsys     fs.FS
	cfg      config.Config
	drivers  []ports.Driver
	env      execution.Env
	probeAll bool
	memo     map[string]adapter.Decision
	facts    adapter.Facts
	scanned  map[string]bool
}

func newDecider(ctx context.Context, fsys fs.FS, cfg config.Config, drivers []ports.Driver, env execution.Env, probeAll bool) *decider {
	return &decider{
		ctx: ctx, fsys: fsys, cfg: cfg, drivers: drivers, env: env, probeAll: probeAll,
		memo:    map[string]adapter.Decision{},
		facts:   adapter.Facts{Evidence: map[string]adapter.Evidence{}, Drivers: drivers},
		scanned: map[string]bool{},
	}
}

// decide is the runner.Detect of this check.
func (dc *decider) decide(testType string) adapter.Decision {
	if d, ok := dc.memo[testType]; ok {
		return d
	}
	d := adapter.Resolve(testType, dc.cfg, dc.facts)
	name := dc.adapterOf(testType, d)
	if name != "" && (dc.probeAll || d.Source != ports.SourceConfigured) {
		if !dc.scanned[name] {
			dc.scanned[name] = true
			maps.Copy(dc.facts.Evidence, adapter.Scan(dc.fsys, dc.drivers, name).Evidence)
			d = adapter.Resolve(testType, dc.cfg, dc.facts)
		}
		if dc.probeAll || (d.Source != ports.SourceConfigured && d.Source != ports.SourceManifest) {
			dc.facts = adapter.Probe(dc.ctx, dc.fsys, dc.env.Process, dc.env.Dir, dc.facts, name)
			d = adapter.Resolve(testType, dc.cfg, dc.facts)
		}
	}
	dc.memo[testType] = d
	return d
}

// adapterOf names the adapter a decision is about: the one it selected,
// else the driver serving testType by name (a missing-adapter decision
// names none).
func (dc *decider) adapterOf(testType string, d adapter.Decision) string {
	if drv, ok := adapter.Find(dc.drivers, testType); ok && d.Adapter == "" {
		return drv.Name()
	}
	return d.Adapter
}

// newResolver is the runner resolver of this check: core/runner over the
// memoised adapter decisions, or over configured runners alone when
// adapters are off (no drivers; the decider is then nil). The adapter
// probes run in env.
func newResolver(ctx context.Context, fsys fs.FS, cfg config.Config, drivers []ports.Driver, env execution.Env, probeAll bool) (entryResolver, *decider) {
	var detect runner.Detect
	var dc *decider
	if len(drivers) > 0 {
		dc = newDecider(ctx, fsys, cfg, drivers, env, probeAll)
		detect = dc.decide
	}
	return func(e contract.Entry) (runner.Plan, *runner.Problem) {
		return runner.Resolve(cfg, detect, drivers, e)
	}, dc
}
