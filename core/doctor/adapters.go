package doctor

import (
	"cmp"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/repofs"
	"github.com/espectacular/ah/core/shellword"
	"github.com/espectacular/ah/ports"
)

// Adapter is the adapter chosen for one test type.
type Adapter struct {
	Adapter  string `json:"adapter"`
	TestType string `json:"test_type"`
	// DetectionSource is configured, manifest, environment or source_import.
	DetectionSource string `json:"detection_source"`
	// Version is set when a probe of the same command reported it.
	Version string `json:"version,omitempty"`
	// Command is the display form of Argv, the prefix flags are appended to.
	Command string   `json:"command"`
	Argv    []string `json:"argv"`
	Reason  string   `json:"reason"`
}

// adapters resolves every test type the project points at: the types
// contracts declare, the configured runner types, and each adapter's own
// name when a manifest, a configured runner or an imported test file points
// at it. A framework that is merely installed here is listed by installed
// instead (issue 8: cargo on PATH says nothing about a Python project).
func adapters(repo fs.FS, cfg config.Config, facts adapter.Facts) []Adapter {
	out := []Adapter{}
	decl := declaredTypes(repo)
	for _, t := range testTypes(repo, cfg, facts) {
		d := adapter.Resolve(t, cfg, facts)
		if !d.Found() || !pointedAt(decl, cfg, t, d, facts) {
			continue
		}
		out = append(out, Adapter{
			Adapter: d.Adapter, TestType: t, DetectionSource: d.Source, Version: d.Version,
			Command: shellword.Quote(d.Command), Argv: slices.Clone(d.Command), Reason: d.Reason,
		})
	}
	slices.SortFunc(out, func(a, b Adapter) int {
		return cmp.Or(strings.Compare(a.TestType, b.TestType), strings.Compare(a.Adapter, b.Adapter))
	})
	return out
}

// pointedAt reports whether the project itself points at test type t's
// adapter: a contract declares t, a runner configures it, or the evidence
// is more than the tool running on this machine.
func pointedAt(decl []string, cfg config.Config, t string, d adapter.Decision, facts adapter.Facts) bool {
	// The environment outranks a test-file import, so an imported
	// framework that also runs here resolves with source environment.
	if ev := facts.Evidence[d.Adapter]; d.Source != ports.SourceEnvironment || ev.Manifest || ev.ImportedBy != "" {
		return true
	}
	if _, ok := cfg.Runners[t]; ok {
		return true
	}
	return slices.Contains(decl, t)
}

// Installed is a framework that runs on this machine but that the project
// does not point at.
type Installed struct {
	Adapter string `json:"adapter"`
	Version string `json:"version,omitempty"`
	// Command is the display form of Argv, the command a probe proved.
	Command string   `json:"command"`
	Argv    []string `json:"argv"`
}

// installed lists the frameworks a probe found runnable whose adapter is
// not in listed (the adapters the project points at), sorted by name.
func installed(listed []Adapter, facts adapter.Facts) []Installed {
	out := []Installed{}
	for _, drv := range facts.Drivers {
		name := drv.Framework().Name
		ev := facts.Evidence[name]
		if len(ev.Runnable) == 0 || slices.ContainsFunc(listed, func(a Adapter) bool { return a.Adapter == name }) {
			continue
		}
		out = append(out, Installed{Adapter: name, Version: ev.Version, Command: shellword.Quote(ev.Runnable), Argv: slices.Clone(ev.Runnable)})
	}
	slices.SortFunc(out, func(a, b Installed) int { return strings.Compare(a.Adapter, b.Adapter) })
	return out
}

// recommendations suggests `ah doctor --enable <adapter>` for every adapter
// that the project itself points at (a manifest, a test file importing it,
// or a contract declaring a test type it serves) and that no configured
// runner selects. A framework that is merely installed on this machine is
// listed in adapters[] but not recommended: cargo on PATH says nothing about
// a Python project, and an apply_command may be run without review.
func recommendations(repo fs.FS, cfg config.Config, facts adapter.Facts) []finding.Finding {
	configured := configuredAdapters(cfg, facts)
	declared := map[string]bool{}
	for _, t := range declaredTypes(repo) {
		if d := adapter.Resolve(t, cfg, facts); d.Found() {
			declared[d.Adapter] = true
		}
	}
	out := []finding.Finding{}
	for _, drv := range facts.Drivers {
		name := drv.Framework().Name
		ev := facts.Evidence[name]
		d := adapter.Resolve(name, cfg, facts)
		if !d.Found() || configured[name] != "" || !slices.Contains(RunnerCapabilities, name) {
			continue
		}
		if !ev.Manifest && ev.ImportedBy == "" && !declared[name] {
			continue
		}
		if len(ev.Runnable) == 0 && len(ev.TimedOut) > 0 {
			// `ah doctor --enable` would refuse until a probe answers in
			// time; the probes check says so instead.
			continue
		}
		apply := "ah doctor --enable " + name
		argv := runnerCommand(repo, name, facts)
		f := finding.New(finding.Recommendation, fmt.Sprintf(
			"%s is detected (%s: %s) but not configured: `%s` adds [runners.%s] with command = %s to %s",
			name, d.Source, d.Reason, apply, name, tomlArray(argv), config.Path))
		f.SpecPath = config.Path
		f.ApplyCommand = &apply
		out = append(out, f)
	}
	finding.Sort(out)
	return out
}

// configuredAdapters maps each adapter that a configured runner selects to
// the first (sorted) test type configuring it.
func configuredAdapters(cfg config.Config, facts adapter.Facts) map[string]string {
	out := map[string]string{}
	for _, t := range cfg.RunnerNames() {
		d := adapter.Resolve(t, cfg, facts)
		if d.Found() && d.Source == "configured" && out[d.Adapter] == "" {
			out[d.Adapter] = t
		}
	}
	return out
}

// testTypes is the sorted union of the adapter names, the configured runner
// types and the declared test types, without shell and custom runners.
func testTypes(repo fs.FS, cfg config.Config, facts adapter.Facts) []string {
	set := map[string]bool{}
	for _, d := range facts.Drivers {
		set[d.Framework().Name] = true
	}
	for _, t := range cfg.RunnerNames() {
		set[t] = true
	}
	for _, t := range declaredTypes(repo) {
		set[t] = true
	}
	delete(set, contract.ShellType)
	delete(set, contract.CustomType)
	return slices.Sorted(maps.Keys(set))
}

// declaredTypes lists the test types of every readable contract.
func declaredTypes(repo fs.FS) []string {
	var out []string
	for _, e := range declaredEntries(repo) {
		out = append(out, e.Type)
	}
	return out
}

// declaredEntries lists the test entries of every readable deployed
// contract, the ones ah check reads (config.DeployedContracts). Unreadable
// or malformed contracts are `ah check`'s business, not doctor's.
func declaredEntries(repo fs.FS) []contract.Entry {
	paths, _, _ := config.DeployedContracts(repo)
	var out []contract.Entry
	for _, p := range paths {
		data, err := repofs.ReadFile(repo, p, repofs.ContractLimit)
		if err != nil {
			continue
		}
		c, _ := contract.Decode(p, data)
		out = append(out, c.Tests...)
	}
	return out
}
