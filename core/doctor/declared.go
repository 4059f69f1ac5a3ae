package doctor

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/shellword"
)

// How a declared test type runs (TestType.Runs).
const (
	RunsShell   = "shell"
	RunsAdapter = "adapter"
	RunsArgv    = "argv"
	RunsCustom  = "custom"
	RunsNone    = "none"
)

// TestType is one test type the contracts declare, with how its entries
// run or why they cannot (issue 8: every declared type is listed, custom
// runners and types no adapter serves included).
type TestType struct {
	TestType string `json:"test_type"`
	// Runner is the custom runner an entry names; tests.custom only.
	Runner string `json:"runner,omitempty"`
	// Runs is shell, adapter, argv, custom or none.
	Runs    string `json:"runs"`
	Adapter string `json:"adapter,omitempty"`
	// Command is the display form of the argv prefix flags are appended to.
	Command string `json:"command,omitempty"`
	Reason  string `json:"reason"`
}

// declared resolves every test type (and custom runner name) the
// contracts declare through adapter.RouteEntry, the router `ah check` uses, so
// doctor and check never disagree.
func declared(entries []contract.Entry, cfg config.Config, facts adapter.Facts) []TestType {
	detect := func(t string) adapter.Decision { return adapter.Resolve(t, cfg, facts) }
	out := []TestType{}
	seen := map[string]bool{}
	for _, e := range entries {
		key := e.Type + "\x00" + e.Runner
		if seen[key] {
			continue
		}
		seen[key] = true
		tt := TestType{TestType: e.Type}
		if e.Type == contract.CustomType {
			tt.Runner = e.Runner
		}
		route, problem := adapter.RouteEntry(cfg, detect, facts.Drivers, e)
		switch {
		case problem != nil && problem.Kind == finding.MissingAdapter:
			// The check's message points at `ah doctor`; here, say what
			// was looked for and how to get the framework.
			tt.Runs, tt.Reason = RunsNone, detect(e.Type).Reason
			if drv, ok := adapter.Find(facts.Drivers, e.Type); ok && InstallHint(drv.Framework().Name) != "" {
				tt.Adapter = drv.Framework().Name
				tt.Reason += "; " + InstallHint(drv.Framework().Name) + ", then run `ah doctor --enable " + drv.Framework().Name + "`"
			}
		case problem != nil:
			tt.Runs, tt.Reason = RunsNone, problem.Message
		case route.Kind == adapter.Framework && route.Install != "":
			// Detected, not installed in the project: what was found and
			// the project's own install command, nothing else to enable.
			tt.Runs, tt.Reason = RunsNone, detect(e.Type).Reason
			out = append(out, tt)
			continue
		case route.Kind == adapter.Shell:
			tt.Runs, tt.Reason = RunsShell, "runs each entry's command through /bin/sh -c"
		case route.Kind == adapter.Framework:
			d := detect(e.Type)
			tt.Runs, tt.Adapter, tt.Reason = RunsAdapter, route.Driver.Framework().Name, fmt.Sprintf("%s: %s", d.Source, d.Reason)
		case route.Kind == adapter.Envelope:
			tt.Runs, tt.Reason = RunsCustom, fmt.Sprintf("[runners.custom.%s] prints a JSON envelope", route.CustomName)
		default:
			tt.Runs, tt.Reason = RunsArgv, detect(e.Type).Reason
		}
		tt.Command = shellword.Quote(route.Command) // "" when there is none
		out = append(out, tt)
	}
	slices.SortFunc(out, func(a, b TestType) int {
		return cmp.Or(strings.Compare(a.TestType, b.TestType), strings.Compare(a.Runner, b.Runner))
	})
	return out
}
