package check

import (
	"context"
	"fmt"
	"io/fs"
	"maps"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/core/finding"
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

// decider returns the adapter decision of a test type, memoised.
type decider func(testType string) adapter.Decision

// newDecider gathers evidence lazily, once per adapter and per check, and
// only as far as the decision needs: nothing for a generic runner; no
// probe when config or a manifest decides, unless tests will run (probeAll),
// which needs the proved command and the version.
func newDecider(ctx context.Context, fsys fs.FS, cfg config.Config, a *Adapters, probeAll bool) decider {
	memo := map[string]adapter.Decision{}
	facts := adapter.Facts{Evidence: map[string]adapter.Evidence{}}
	if a == nil {
		return func(t string) adapter.Decision { return adapter.Resolve(t, cfg, facts) }
	}
	facts.Drivers = a.Drivers
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

// bindingProblem reports an entry that cannot run: missing-adapter for a
// test type that asks for an adapter nobody configured and nothing
// detected, else missing-runner for a type without a runner.
func bindingProblem(cfg config.Config, decide decider, e contract.Entry) (finding.Kind, string, bool) {
	msg, bad := runnerProblem(cfg, e)
	if !bad || decide == nil || e.Type == contract.ShellType || e.Type == "custom" {
		return finding.MissingRunner, msg, bad
	}
	d := decide(e.Type)
	switch {
	case d.Found():
		return "", "", false
	case d.Expected:
		return finding.MissingAdapter, fmt.Sprintf(
			"tests.%s[%d] needs a test-framework adapter but none is configured or detected: %s; run `ah doctor` to see what ah detects for each test type and how to enable it",
			e.Type, e.Index, d.Reason), true
	}
	return finding.MissingRunner, msg, true
}

// invocation resolves a binding, through its adapter when one applies.
func invocation(cfg config.Config, decide decider, drivers []ports.Driver, b execution.Binding) (execution.Invocation, error) {
	if decide != nil && b.Entry.Type != contract.ShellType {
		if d := decide(b.Entry.Type); d.Found() {
			if drv, ok := adapter.Find(drivers, d.Adapter); ok {
				return execution.ResolveAdapter(cfg, b, d.Command, execution.Adapter{Driver: drv, Source: d.Source, Version: d.Version})
			}
		}
	}
	return execution.Resolve(cfg, b)
}
