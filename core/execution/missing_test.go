package execution_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

// checking is a framework whose runs may leave no report, with a probe
// that proves it missing (ports.ToolChecker).
type checking struct{ *portstest.Driver }

func (checking) Check(argv []string) ([]string, string) {
	return []string{argv[0], "--probe"}, "fw for `" + argv[0] + "`"
}

// TestMissingToolNamedOnce (issue 37): runs that fail without a report,
// whose probe fails too, are missing-tool; the first binding's finding
// names the tool and counts the others, which refer to it. A probe that
// passes, or a run that reported, leaves the verdicts as they were.
func TestMissingToolNamedOnce(t *testing.T) {
	parse := func(_ ports.Result, report []byte) ports.TestReport {
		if report == nil {
			return ports.TestReport{}
		}
		return ports.TestReport{Parsed: true, Tests: []ports.TestCase{{ID: "t::a", Status: ports.TestFailed}}}
	}
	run := func(t *testing.T, probeExit int, reported bool) runResult {
		return runAdapter(t, checking{fw(parse)}, func(cmd ports.Command, s *portstest.Scratch) (ports.Result, error) {
			if cmd.Argv[len(cmd.Argv)-1] == "--probe" {
				return ports.Result{ExitCode: probeExit}, nil
			}
			if reported {
				writeReport(cmd, s)
			}
			return ports.Result{ExitCode: 1, Stderr: []byte("No module named fw\n")}, nil
		}, fwBinding("a", "t::a"), fwBinding("b", "t::b"))
	}
	probes := func(r runResult) (n int) {
		for _, c := range r.calls {
			if c.Argv[len(c.Argv)-1] == "--probe" {
				assert.Equal(t, "/repo", c.Dir, "the probe runs where the tests ran")
				assert.Equal(t, []string{"fw", "--probe"}, c.Argv)
				n++
			}
		}
		return n
	}

	r := run(t, 1, false)
	require.Len(t, r.Findings, 2)
	assert.Equal(t, 2, probes(r))
	for _, f := range r.Findings {
		assert.Equal(t, finding.MissingTool, f.Kind)
		assert.Equal(t, finding.RunAhDoctor, f.SuggestedAction)
	}
	assert.Equal(t, "tests.python[0] of .espectacular/c/a.toml could not run: fw for `fw` is not installed here (ah's probe `fw --probe` exited with status 1): "+
		"install fw (for `fw`), or set the command under [runners] in .espectacular/config.toml to a program that has it; "+
		"no test ran, so this says nothing about the code; 2 bindings need it, and the others refer to this finding", r.Findings[0].Message)
	assert.Equal(t, "tests.python[0] of .espectacular/c/b.toml could not run: fw for `fw` is not installed here, see the finding of .espectacular/c/a.toml", r.Findings[1].Message)
	assert.Empty(t, r.Findings[1].Test.StderrTail, "the output is shown once")
	assert.NotEmpty(t, r.Findings[0].Test.StderrTail)

	r = run(t, 0, false)
	assert.Equal(t, 2, probes(r))
	for _, f := range r.Findings {
		assert.NotEqual(t, finding.MissingTool, f.Kind, "the probe found the tool")
	}

	r = run(t, 1, true)
	assert.Zero(t, probes(r), "a run that reported had its tool")
	for _, f := range r.Findings {
		assert.Equal(t, finding.TestFailing, f.Kind)
	}
}

// TestMissingProjectFramework (issue 37): a framework detection found not
// installed in the project (adapter.Route.Install) runs its own command,
// which will not start; the missing-tool finding then says how the
// project installs it. A missing wrapper is named as itself, with no
// framework's fix.
func TestMissingProjectFramework(t *testing.T) {
	b := fwBinding("a", "t::a")
	run := func(t *testing.T, wrapper []string) execution.Results {
		proc := &portstest.Process{Func: func(_ context.Context, cmd ports.Command) (ports.Result, error) {
			return ports.Result{ExitCode: -1}, &ports.ProgramNotFoundError{Program: cmd.Argv[0], Err: errors.New("start: no such file")}
		}}
		route := adapter.Route{Kind: adapter.Framework, Command: []string{"node_modules/.bin/fw", "run"}, Driver: fw(nil), Install: "install the project's dependencies with `npm ci`"}
		inv, err := execution.Invoke(60, b, route)
		require.NoError(t, err)
		env := execution.Env{Process: proc, Dir: "/repo", Scratch: &portstest.Scratch{}, Wrapper: wrapper}
		return execution.Run(t.Context(), env, execution.Plan([]execution.Binding{b}, []execution.Invocation{inv}), execution.Options{Workers: 1})
	}
	r := run(t, nil)
	require.Len(t, r.Findings, 1)
	assert.Equal(t, finding.MissingTool, r.Findings[0].Kind)
	assert.Equal(t, "tests.python[0] of .espectacular/c/a.toml could not run: `node_modules/.bin/fw` is not installed here (start: no such file): "+
		"install the project's dependencies with `npm ci`; no test ran, so this says nothing about the code", r.Findings[0].Message)

	r = run(t, []string{"nix-shell-run"})
	require.Len(t, r.Findings, 1)
	assert.Equal(t, finding.MissingTool, r.Findings[0].Kind)
	assert.Contains(t, r.Findings[0].Message, "`nix-shell-run` is not installed here")
	assert.NotContains(t, r.Findings[0].Message, "npm ci", "the wrapper is missing, not the framework")
}
