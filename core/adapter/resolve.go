package adapter

import (
	"fmt"
	"io/fs"
	"slices"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/shellword"
	"github.com/espectacular/ah/ports"
)

// Decision is the adapter chosen for one declared test type.
type Decision struct {
	TestType string
	// Adapter is the adapter name ("pytest"); "" when no adapter applies:
	// a shell or custom entry, a generic runner, or nothing detected.
	Adapter string
	// Expected is true when the test type asks for an adapter (it is an
	// adapter name or alias), so that finding none is missing-adapter
	// rather than missing-runner.
	Expected bool
	// Source is one of the ports.Source* constants; "" without an adapter.
	Source string
	// Command is the argv prefix the entry's flags are appended to: the
	// configured command, else the command a probe proved, else the
	// adapter's default.
	Command []string
	// Version is the framework version when a probe of the same command
	// reported it.
	Version string
	// CommandConfigured is true when Command is the one [runners] writes:
	// no probe can change it, so detection does not probe for it.
	CommandConfigured bool
	// Reason says, in a sentence fragment, why this decision was made.
	Reason string
	// TimedOut lists the adapter's probes that timed out when the decision
	// rests on probing: its command was not configured, or no adapter was
	// found. A timeout behind a configured command changes nothing.
	TimedOut []string
	// Uninstalled names the adapter the evidence points at when it runs
	// only from the project's own installation (ports.LocalOnly) and that
	// is not there; Install says how to install it, and Command is what
	// would run. Adapter stays "": nothing runnable was found. A run of
	// Command then fails to start, which names the tool once (issue 37:
	// missing-tool, not one missing-adapter per binding).
	Uninstalled, Install string
}

// Found reports whether an adapter was selected.
func (d Decision) Found() bool { return d.Adapter != "" }

// Resolve picks the adapter of one declared test type. The first matching
// rule wins:
//
//   - configured: [runners.<type>] names an adapter (adapter = "pytest");
//     or the type is an adapter name or alias with a configured command
//     (under its own name, or for an alias under the adapter's name);
//   - a generic type (unit, integration) with a configured command runs it
//     exactly as configured, without an adapter, even when the command runs
//     a framework (["uv", "run", "pytest"]): adapter = "pytest" opts in;
//     without a command it has none;
//   - for an adapter-typed test type: manifest, then environment (a probe
//     succeeded), then source_import; evidence for other frameworks never
//     counts, so vitest in node_modules does not affect a python type;
//   - otherwise no adapter, and no guessed command.
func Resolve(testType string, cfg config.Config, facts Facts) Decision {
	d := Decision{TestType: testType}
	if testType == contract.ShellType || testType == contract.CustomType {
		d.Reason = "tests." + testType + " entries run without an adapter"
		return d
	}
	if _, ok := cfg.CustomRunners[testType]; ok {
		d.Reason = fmt.Sprintf("[runners.custom.%s] is a custom runner", testType)
		return d
	}
	named, isNamed := Find(facts.Drivers, testType)
	if r, ok := cfg.Runners[testType]; ok {
		if dec, ok := configured(testType, r, named, isNamed, facts); ok {
			return dec
		}
		if len(r.Command) > 0 {
			d.Reason = generic(testType, r.Command, facts.Drivers)
			return d
		}
	}
	if !isNamed {
		d.Reason = fmt.Sprintf("%s is not an adapter name and has no runner", testType)
		return d
	}
	d.Expected = true
	name := named.Framework().Name
	if r, ok := cfg.Runners[name]; ok && name != testType && (r.Adapter == "" || r.Adapter == name) {
		if dec, ok := configured(name, r, named, true, facts); ok {
			dec.TestType = testType
			return dec
		}
	}
	return detected(d, named, facts.Evidence[name])
}

// generic is the reason a generic type runs its configured command as
// written, with the way to opt in when the command runs a framework.
func generic(testType string, command []string, drivers []ports.Driver) string {
	i := slices.IndexFunc(drivers, func(d ports.Driver) bool { return d.RunsFramework(command) })
	if i < 0 {
		return fmt.Sprintf("[runners] %s runs %s, which is not a bundled adapter", testType, shellword.Quote(command))
	}
	name := drivers[i].Framework().Name
	return fmt.Sprintf("[runners] %s runs %s as written, judged by its exit status; set adapter = %q under [runners.%s] for %s's structured results",
		testType, shellword.Quote(command), name, testType, name)
}

// configured applies the configured rules to the runner of key.
func configured(key string, r config.Runner, named ports.Detector, isNamed bool, facts Facts) (Decision, bool) {
	var drv ports.Detector
	var reason string
	switch {
	case r.Adapter != "":
		d, ok := Find(facts.Drivers, r.Adapter)
		if !ok {
			return Decision{}, false
		}
		drv, reason = d, fmt.Sprintf("[runners.%s] sets adapter = %q", key, r.Adapter)
	case len(r.Command) > 0 && isNamed:
		drv, reason = named, fmt.Sprintf("[runners] configures %s", key)
	default:
		return Decision{}, false
	}
	ev := facts.Evidence[drv.Framework().Name]
	dec := Decision{
		TestType: key, Adapter: drv.Framework().Name, Expected: true, Source: ports.SourceConfigured,
		Command: slices.Clone(r.Command), CommandConfigured: len(r.Command) > 0, Reason: reason,
	}
	if len(dec.Command) == 0 {
		dec.Command = command(drv, ev)
		if ev.Missing != "" && ev.Runnable == nil {
			// No global fallback: the adapter is not found, and running
			// its own command names the install command (missing-tool).
			dec.Uninstalled, dec.Install = dec.Adapter, ev.Install
			dec.Adapter, dec.Reason = "", reason+", but "+ev.Missing
			return dec, true
		}
		dec.TimedOut = slices.Clone(ev.TimedOut)
	}
	if ev.Runnable != nil && slices.Equal(ev.Runnable, dec.Command) {
		dec.Version = ev.Version
	}
	return dec, true
}

// detected applies manifest > environment > source_import.
func detected(d Decision, drv ports.Detector, ev Evidence) Decision {
	name := drv.Framework().Name
	d.TimedOut = slices.Clone(ev.TimedOut)
	switch {
	case ev.Manifest:
		d.Source, d.Reason = ports.SourceManifest, fmt.Sprintf("the project's manifest declares %s", name)
	case ev.Runnable != nil:
		d.Source, d.Reason = ports.SourceEnvironment, fmt.Sprintf("%s runs here (%s)", name, shellword.Quote(ev.Runnable))
	case ev.ImportedBy != "":
		d.Source, d.Reason = ports.SourceSourceImport, fmt.Sprintf("%s imports %s", ev.ImportedBy, name)
	default:
		d.Reason = notFound(name, ev)
		return d
	}
	if ev.Missing != "" && ev.Runnable == nil {
		d.Source, d.Reason = "", d.Reason+", but "+ev.Missing
		d.Uninstalled, d.Install, d.Command = name, ev.Install, command(drv, ev)
		return d
	}
	d.Adapter = name
	d.Command = command(drv, ev)
	if ev.Runnable != nil {
		d.Version = ev.Version
	}
	return d
}

func notFound(name string, ev Evidence) string {
	env := "the environment was not probed"
	if ev.Probed {
		env = fmt.Sprintf("%s is not runnable here", name)
		if len(ev.Tried) > 0 {
			env += fmt.Sprintf(" (tried %s)", tried(ev))
		}
	}
	return fmt.Sprintf("nothing configures %s, no manifest declares it, %s, and no test file imports it", name, env)
}

// tried lists the probes tried, each quoted, marking those that timed out.
func tried(ev Evidence) string {
	out := ""
	for i, x := range ev.Tried {
		if i > 0 {
			out += ", "
		}
		out += "`" + x + "`"
		if slices.Contains(ev.TimedOut, x) {
			out += " (timed out after " + Bound + ")"
		}
	}
	return out
}

// command is the command a probe proved, else the driver's default.
func command(drv ports.Detector, ev Evidence) []string {
	switch {
	case ev.Runnable != nil:
		return slices.Clone(ev.Runnable)
	case len(ev.DefaultCommand) > 0:
		return slices.Clone(ev.DefaultCommand)
	}
	return drv.DefaultCommand(emptyFS{})
}

// emptyFS is a repository with no files, for defaults asked without a scan.
type emptyFS struct{}

func (emptyFS) Open(name string) (fs.File, error) {
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}
