package execution

import (
	"fmt"
	"math"
	"time"

	"github.com/espectacular/ah/core/adapter"
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
	Scenario     finding.ScenarioRef
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
	// runner starts and judges the process (runner.go).
	runner runner
	// Flags are the entry's flags split into words, the tail of Argv after
	// the runner's command; nil for shell entries. Batching reads them.
	Flags []string
}

// key identifies identical invocations: same argv, environment, timeout
// and runner (the directory is always the repository root).
func (inv Invocation) key() string {
	return fmt.Sprintf("%q\x00%q\x00%d\x00%s", inv.Argv, inv.Env, inv.Timeout, inv.runner.key())
}

// Invoke turns a binding and its route (adapter.Route) into an invocation:
// shell entries run through /bin/sh -c; every other kind runs the route's
// argv prefix followed by the entry's flags split by POSIX shell-word rules.
// defaultTimeout is [execution] default_timeout_seconds, the bound of an
// entry that sets no timeout_seconds.
func Invoke(defaultTimeout int, b Binding, r adapter.Route) (Invocation, error) {
	e := b.Entry
	timeout := defaultTimeout
	if e.TimeoutSeconds > 0 {
		timeout = e.TimeoutSeconds
	}
	inv := Invocation{Type: e.Type, Timeout: timeoutOf(timeout), runner: runnerOf(r)}
	if r.Kind == adapter.Shell {
		inv.Argv = append(append([]string{}, Shell...), e.Command)
		inv.Command = e.Command
		return inv, nil
	}
	if len(r.Command) == 0 {
		return inv, fmt.Errorf("tests.%s[%d] has no runner configured", e.Type, e.Index)
	}
	flags, err := shellword.Split(e.Flags)
	if err != nil {
		return inv, fmt.Errorf("tests.%s[%d].flags %q: %w", e.Type, e.Index, e.Flags, err)
	}
	inv.Argv = append(append([]string{}, r.Command...), flags...)
	inv.Flags = append([]string{}, flags...)
	inv.Command = shellword.Quote(inv.Argv)
	return inv, nil
}

// timeoutOf converts a validated timeout (>= 1) to a duration; a value too
// large to represent means no bound at all rather than an overflow.
func timeoutOf(n int) time.Duration {
	if int64(n) > int64(math.MaxInt64/time.Second) {
		return 0
	}
	return time.Duration(n) * time.Second
}
