// Package execution runs the test bindings of validated contracts: it
// resolves each binding to an invocation, merges identical invocations,
// schedules them on a bounded worker pool that honours resources and
// exclusivity, and turns each outcome into a verdict.
package execution

import (
	"fmt"
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
}

// key identifies identical invocations: same argv, environment and timeout
// (the directory is always the repository root).
func (inv Invocation) key() string {
	return fmt.Sprintf("%q\x00%q\x00%d", inv.Argv, inv.Env, inv.Timeout)
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
	inv := Invocation{Type: e.Type, Timeout: time.Duration(timeout) * time.Second}
	if e.Type == contract.ShellType {
		inv.Argv = append(append([]string{}, Shell...), e.Command)
		inv.Command = e.Command
		return inv, nil
	}
	r, ok := cfg.Runners[e.Type]
	if !ok || len(r.Command) == 0 {
		return inv, fmt.Errorf("tests.%s has no runner configured", e.Type)
	}
	flags, err := shellword.Split(e.Flags)
	if err != nil {
		return inv, fmt.Errorf("tests.%s[%d].flags %q: %w", e.Type, e.Index, e.Flags, err)
	}
	inv.Argv = append(append([]string{}, r.Command...), flags...)
	inv.Command = shellword.Quote(inv.Argv)
	return inv, nil
}
