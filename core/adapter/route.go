package adapter

// RouteEntry decides, in one place, how a contract's test entry runs: which
// Kind, which argv prefix, which adapter. The structural check reports the
// Problem of an entry that cannot run; execution consumes the Route of one
// that can, so the two never disagree.

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/spelling"
	"github.com/espectacular/ah/ports"
)

// Kind is how a test entry runs.
type Kind int

// Runner kinds.
const (
	// Shell runs the entry's command through /bin/sh -c.
	Shell Kind = iota
	// Argv runs a configured argv plus the entry's flags, judged by its
	// exit status.
	Argv
	// Envelope runs a custom runner, judged by its exit status and the
	// JSON envelope it prints.
	Envelope
	// Framework runs a test framework through its driver, judged by the
	// framework's structured report.
	Framework
)

// Route is how one test entry runs.
type Route struct {
	Kind Kind
	// Command is the argv prefix the entry's flags follow (empty for
	// Shell).
	Command []string
	// CustomName names the custom runner (Envelope).
	CustomName string
	// Driver, Source and Version describe the adapter (Framework). Driver
	// is the whole driver, not only its Detector: execution runs and
	// judges the job through its Reporter half.
	Driver          ports.Driver
	Source, Version string
	// Install says how to install the framework when detection found it
	// is not installed in the project (Decision.Uninstalled): the entry
	// still routes to its framework, whose command will not start, and
	// the run names the tool once with this fix (issue 37).
	Install string
}

// JudgedBy names what judges an entry run this way beyond its exit
// status: the framework adapter, or "custom" for a custom runner's
// envelope; empty for shell and generic runners.
func (r Route) JudgedBy() string {
	switch r.Kind {
	case Framework:
		return r.Driver.Framework().Name
	case Envelope:
		return contract.CustomType
	}
	return ""
}

// Problem says why an entry cannot run, as the structural finding to report.
type Problem struct {
	Kind    finding.Kind
	Message string
}

// Detect returns the adapter decision of a test type; nil means adapters
// are off, so only configured runners count.
type Detect func(testType string) Decision

// RouteEntry decides how entry e runs. The first rule that applies wins:
// shell; [[tests.custom]] names a custom runner block; an adapter the
// decision selected, or the one it found not installed (its run names the
// missing tool); a [runners] argv; a custom runner of the type's name.
func RouteEntry(cfg config.Config, detect Detect, drivers []ports.Driver, e contract.Entry) (Route, *Problem) {
	switch e.Type {
	case contract.ShellType:
		return Route{Kind: Shell}, nil
	case contract.CustomType:
		if r, ok := cfg.CustomRunners[e.Runner]; ok && len(r.Command) > 0 {
			return Route{Kind: Envelope, Command: r.Command, CustomName: e.Runner}, nil
		}
		return Route{}, &Problem{finding.MissingRunner, fmt.Sprintf(
			"tests.%s[%d] names runner %q but %s has no [runners.%s.%s] block%s", contract.CustomType, e.Index, e.Runner, config.Path, contract.CustomType, e.Runner,
			spelling.Hint(e.Runner, slices.Sorted(maps.Keys(cfg.CustomRunners))))}
	}
	var d Decision
	if detect != nil {
		d = detect(e.Type)
		if drv, ok := Find(drivers, d.Adapter); ok && d.Found() {
			return Route{Kind: Framework, Command: d.Command, Driver: drv, Source: d.Source, Version: d.Version}, nil
		}
		if drv, ok := Find(drivers, d.Uninstalled); ok && d.Uninstalled != "" {
			return Route{Kind: Framework, Command: d.Command, Driver: drv, Install: d.Install}, nil
		}
	}
	if r, ok := cfg.Runners[e.Type]; ok && len(r.Command) > 0 {
		return Route{Kind: Argv, Command: r.Command}, nil
	}
	if r, ok := cfg.CustomRunners[e.Type]; ok && len(r.Command) > 0 {
		return Route{Kind: Envelope, Command: r.Command, CustomName: e.Type}, nil
	}
	if d.Expected {
		return Route{}, &Problem{finding.MissingAdapter, fmt.Sprintf(
			"tests.%s[%d] needs a test-framework adapter but none is configured or detected: %s; run `ah doctor` to see what ah detects for each test type and how to enable it",
			e.Type, e.Index, d.Reason)}
	}
	return Route{}, &Problem{finding.MissingRunner, fmt.Sprintf(
		"tests.%s has no runner%s: add %s = [\"<program>\", \"<args>...\"] under [runners] in %s", e.Type, typeHint(cfg, drivers, e.Type), e.Type, config.Path)}
}

// withoutTestWord finds the known name left when "test" is cut from either
// end of testType (gotest, go_test, test-go -> go): spelling distance
// would pick pytest for gotest.
func withoutTestWord(testType string, known []string) (string, bool) {
	lower := strings.ToLower(testType)
	for _, cut := range []func(string) (string, bool){
		func(s string) (string, bool) { return strings.CutSuffix(s, "tests") },
		func(s string) (string, bool) { return strings.CutSuffix(s, "test") },
		func(s string) (string, bool) { return strings.CutPrefix(s, "test") },
	} {
		rest, ok := cut(lower)
		rest = strings.Trim(rest, "_-")
		if ok && rest != "" && slices.Contains(known, rest) {
			return rest, true
		}
	}
	return "", false
}

// typeHint names the known test type a misspelt one was probably meant to
// be ([[tests.pyest]] -> pytest), or is "" (issue 8).
func typeHint(cfg config.Config, drivers []ports.Driver, testType string) string {
	known := []string{contract.ShellType, contract.CustomType}
	for _, d := range drivers {
		fw := d.Framework()
		known = append(known, fw.Name)
		known = append(known, fw.Aliases...)
	}
	known = append(known, cfg.RunnerNames()...)
	known = append(known, slices.Sorted(maps.Keys(cfg.CustomRunners))...)
	c, ok := withoutTestWord(testType, known)
	if !ok {
		c, ok = spelling.Nearest(testType, known)
	}
	if !ok {
		return ""
	}
	return fmt.Sprintf(" (did you mean tests.%s?)", c)
}
