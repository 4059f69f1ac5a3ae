package quality_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/quality"
	"github.com/espectacular/ah/ports"
)

// TestMissingMutationTool (issue 37): the gremlins command failing while
// ah's own probe for gremlins fails is one missing-tool, and the other
// contracts are not run; a probe that finds gremlins leaves the failure
// a test-failing finding; a program that will not start is missing too.
func TestMissingMutationTool(t *testing.T) {
	contracts := []quality.Contract{
		{Target: quality.Target{ContractPath: "c/a.toml", Scenario: &finding.ScenarioRef{ID: "a"}}, Mutation: contract.Mutation{Enabled: true}},
		{Target: quality.Target{ContractPath: "c/b.toml", Scenario: &finding.ScenarioRef{ID: "b"}}, Mutation: contract.Mutation{Enabled: true}},
	}
	measure := func(command []string, answer func(argv []string) quality.Run) ([]finding.Finding, [][]string) {
		var calls [][]string
		run := func(_ context.Context, argv func(string) []string, _ map[string][]byte, _ time.Duration, _ int) quality.Run {
			a := argv("/scratch")
			calls = append(calls, a)
			return answer(a)
		}
		m := quality.Measurement{Tool: config.Mutation{Command: command, Threshold: 0.8, TimeoutSeconds: 60}, ConfigPath: ".espectacular/config.toml", Run: run}
		return quality.Measure(t.Context(), m, contracts), calls
	}
	probe := []string{"sh", "-c", "command -v gremlins"}
	fails := func(probeExit int) func([]string) quality.Run {
		return func(argv []string) quality.Run {
			if slices.Equal(argv, probe) {
				return quality.Run{Result: ports.Result{ExitCode: probeExit}}
			}
			return quality.Run{Result: ports.Result{ExitCode: 127, Stderr: []byte("gremlins: not found")}}
		}
	}

	out, calls := measure(quality.GremlinsCommand, fails(1))
	require.Len(t, out, 2)
	assert.Len(t, calls, 2, "one tool run and its probe; b is not run")
	for _, f := range out {
		assert.Equal(t, finding.MissingTool, f.Kind)
	}
	assert.Contains(t, out[0].Message, "gremlins is not installed here (ah's probe `sh -c 'command -v gremlins'` exited with status 1): install it with `go install github.com/go-gremlins/gremlins/cmd/gremlins@"+quality.GremlinsVersion+"`")
	assert.Contains(t, out[0].Message, "2 mutation runs need it")
	assert.Equal(t, "mutation tool run over the declared tests of c/b.toml could not run: gremlins is not installed here, see the finding of c/a.toml", out[1].Message)
	assert.Nil(t, out[1].Test, "the output is shown once")

	out, calls = measure(quality.GremlinsCommand, fails(0))
	assert.Len(t, calls, 4, "gremlins is there: each contract runs, each failure probed")
	for _, f := range out {
		assert.Equal(t, finding.TestFailing, f.Kind)
	}

	out, calls = measure([]string{"other-tool", "{}"}, fails(1))
	assert.Len(t, calls, 2, "no probe for a tool ah does not know")
	for _, f := range out {
		assert.Equal(t, finding.TestFailing, f.Kind)
	}

	out, _ = measure([]string{"mutate", "{}"}, func([]string) quality.Run {
		return quality.Run{StartErr: &ports.ProgramNotFoundError{Program: "mutate", Err: errors.New(`start "mutate": executable file not found in $PATH`)}}
	})
	require.Len(t, out, 2)
	assert.Equal(t, finding.MissingTool, out[0].Kind)
	assert.Contains(t, out[0].Message, "`mutate` is not installed here (start \"mutate\": executable file not found in $PATH): install it, or change [quality.mutation] command in .espectacular/config.toml")
}
