package check

import (
	"context"
	"io/fs"
	"maps"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/runner"
	"github.com/espectacular/ah/ports"
)

// Adapters enables the test-framework adapters: detection for the
// structural check (missing-adapter) and, when tests run, structured output
// and verdicts from the framework's own report.
type Adapters struct {
	Drivers []ports.Driver
	// Process runs the environment probes in Dir, the absolute repository
	// root.
	Process ports.Process
	Dir     string
}

// newDecider returns the adapter decision of a test type, memoised. It
// gathers evidence lazily, once per adapter and per check, and
// only as far as the decision needs: nothing for a generic runner; no
// probe when config or a manifest decides, unless tests will run (probeAll),
// which needs the proved command and the version.
func newDecider(ctx context.Context, fsys fs.FS, cfg config.Config, a *Adapters, probeAll bool) runner.Detect {
	memo := map[string]adapter.Decision{}
	facts := adapter.Facts{Evidence: map[string]adapter.Evidence{}, Drivers: a.Drivers}
	scanned := map[string]bool{}
	return func(testType string) adapter.Decision {
		if d, ok := memo[testType]; ok {
			return d
		}
		d := adapter.Resolve(testType, cfg, facts)
		name := d.Adapter
		if drv, ok := adapter.Find(a.Drivers, testType); ok && name == "" {
			name = drv.Name()
		}
		if name != "" && (probeAll || d.Source != ports.SourceConfigured) {
			if !scanned[name] {
				scanned[name] = true
				maps.Copy(facts.Evidence, adapter.Scan(fsys, a.Drivers, name).Evidence)
				d = adapter.Resolve(testType, cfg, facts)
			}
			if probeAll || (d.Source != ports.SourceConfigured && d.Source != ports.SourceManifest) {
				facts = adapter.Probe(ctx, fsys, a.Process, a.Dir, facts, name)
				d = adapter.Resolve(testType, cfg, facts)
			}
		}
		memo[testType] = d
		return d
	}
}

// newResolver is the runner resolver of this check: core/runner over the
// memoised adapter decisions, or over configured runners alone when
// adapters are off.
func newResolver(ctx context.Context, fsys fs.FS, cfg config.Config, a *Adapters, probeAll bool) entryResolver {
	var detect runner.Detect
	var drivers []ports.Driver
	if a != nil {
		detect, drivers = newDecider(ctx, fsys, cfg, a, probeAll), a.Drivers
	}
	return func(e contract.Entry) (runner.Plan, *runner.Problem) {
		return runner.Resolve(cfg, detect, drivers, e)
	}
}
