// Package execution runs the test bindings of validated contracts: it
// resolves each binding to an invocation, merges identical invocations,
// schedules them on a bounded worker pool that honours resources and
// exclusivity, and turns each outcome into a verdict.
package execution

import (
	"fmt"
	"math"
	"time"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/shellword"
)

// Shell is the interpreter of [[tests.shell]] commands.
var Shell = []string{"/bin/sh", "-c"}

// Binding is one test entry of one validated contract.
type Binding struct {
	Capability   string
	SpecPath     string
	ContractPath string
	Scenario     finding.Scenario
	Entry        contract.Entry
}

// Ref names the binding in output: "<capability>/<scenario-id>" plus the
// entry ("tests.shell[0]").
func (b Binding) Ref() string {
	return fmt.Sprintf("%s/%s tests.%s[%d]", b.Capability, b.Scenario.ID, b.Entry.Type, b.Entry.Index)
}

// Invocation is a fully resolved process to run.
type Invocation struct {
	// Type is the declared test type.
	Type    string
	Argv    []string
	Env     []string
	Timeout time.Duration
	// Command is the display form of Argv (the shell command itself for
	// shell bindings).
	Command string
	// Custom names the custom runner whose JSON envelope judges the run
	// (see custom.go); empty for every other runner.
	Custom string
	// Adapter is the test-framework adapter that prepares and judges the
	// run (see adapter.go); nil for shell, generic and custom runners.
	Adapter *Adapter
}

// key identifies identical invocations: same argv, environment and timeout
// (the directory is always the repository root).
func (inv Invocation) key() string {
	return fmt.Sprintf("%q\x00%q\x00%d\x00%q\x00%s", inv.Argv, inv.Env, inv.Timeout, inv.Custom, inv.Adapter.key())
}

// Resolve turns a binding into an invocation: shell entries run through
// /bin/sh -c; every other type runs its configured runner argv followed by
// the entry's flags split by POSIX shell-word rules.
func Resolve(cfg config.Config, b Binding) (Invocation, error) {
	e := b.Entry
	timeout := cfg.DefaultTimeoutSeconds
	if e.TimeoutSeconds > 0 {
		timeout = e.TimeoutSeconds
	}
	inv := Invocation{Type: e.Type, Timeout: timeoutOf(timeout)}
	if e.Type == contract.ShellType {
		inv.Argv = append(append([]string{}, Shell...), e.Command)
		inv.Command = e.Command
		return inv, nil
	}
	r, ok := runnerOf(cfg, e)
	if !ok {
		return inv, fmt.Errorf("tests.%s[%d] has no runner configured", e.Type, e.Index)
	}
	flags, err := shellword.Split(e.Flags)
	if err != nil {
		return inv, fmt.Errorf("tests.%s[%d].flags %q: %w", e.Type, e.Index, e.Flags, err)
	}
	inv.Argv = append(append([]string{}, r.Command...), flags...)
	inv.Command = shellword.Quote(inv.Argv)
	inv.Custom, _ = customName(cfg, e)
	return inv, nil
}

// runnerOf finds the runner of an entry the way the structural check
// accepts it: a [[tests.custom]] entry names a [runners.custom.<name>]
// block; any other type is a [runners] entry, else a custom runner of that
// name. Resolving a binding the structural check accepted must not fail, or
// the binding would be dropped without a verdict.
func runnerOf(cfg config.Config, e contract.Entry) (config.Runner, bool) {
	if e.Type == "custom" {
		r, ok := cfg.CustomRunners[e.Runner]
		return r, ok && len(r.Command) > 0
	}
	if r, ok := cfg.Runners[e.Type]; ok && len(r.Command) > 0 {
		return r, true
	}
	r, ok := cfg.CustomRunners[e.Type]
	return r, ok && len(r.Command) > 0
}

// timeoutOf converts a validated timeout (>= 1) to a duration; a value too
// large to represent means no bound at all rather than an overflow.
func timeoutOf(n int) time.Duration {
	if int64(n) > int64(math.MaxInt64/time.Second) {
		return 0
	}
	return time.Duration(n) * time.Second
}
