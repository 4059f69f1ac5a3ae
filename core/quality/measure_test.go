package quality_test

import (
	"context"
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

// runCall is one call of the fake Runner: the argv it was given and its
// timeout.
type runCall struct {
	argv    []string
	timeout time.Duration
}

// measureWith runs Measure over contracts with a fake Runner answering
// every run with answer, and returns the findings and the calls.
func measureWith(ctx context.Context, tool config.Mutation, contracts []quality.Contract, answer quality.Run) ([]finding.Finding, []runCall) {
	var calls []runCall
	run := func(_ context.Context, argv func(string) []string, _ map[string][]byte, timeout time.Duration, _ int) quality.Run {
		calls = append(calls, runCall{argv(quality.ScratchDir), timeout})
		return answer
	}
	m := quality.Measurement{Tool: tool, ConfigPath: ".espectacular/config.toml", Run: run}
	return quality.Measure(ctx, m, contracts), calls
}

var scored = quality.Run{Stdout: []byte(`{"score": 0.95}` + "\n")}

// TestMeasureProjectWide: [quality.mutation] enabled in the config runs the
// tool once more over every contract's declared tests, after the
// contracts that opt in, and only when there is a command, at least one
// test and the check was not cancelled; its finding names no scenario.
func TestMeasureProjectWide(t *testing.T) {
	tests := []quality.Test{{Argv: []string{"go", "test", "./a"}}}
	withTests := []quality.Contract{{Target: quality.Target{ContractPath: "c/a.toml", Scenario: &finding.ScenarioRef{ID: "a"}}, Tests: tests}}
	tool := config.Mutation{Enabled: true, Command: []string{"mutate", "{}"}, Threshold: 0.9, TimeoutSeconds: 60}

	out, calls := measureWith(t.Context(), tool, withTests, scored)
	require.Len(t, calls, 1, "one project-wide run")
	require.Len(t, out, 1)
	assert.Equal(t, finding.QualityMutation, out[0].Kind)
	assert.Nil(t, out[0].Scenario, "a project-wide run names no scenario")
	assert.Equal(t, 60*time.Second, calls[0].timeout, "timeout_seconds is the run's timeout")

	noTests := []quality.Contract{{Target: withTests[0].Target}}
	out, calls = measureWith(t.Context(), tool, noTests, scored)
	assert.Empty(t, calls, "no declared test: nothing to measure")
	assert.Empty(t, out)

	noCommand := tool
	noCommand.Command = nil
	out, calls = measureWith(t.Context(), noCommand, withTests, scored)
	assert.Empty(t, calls, "no command: nothing runs")
	assert.Empty(t, out)

	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	out, calls = measureWith(ctx, tool, withTests, scored)
	assert.Empty(t, calls, "a cancelled check starts no run")
	assert.Empty(t, out)
}

// TestMissingToolOnlyAfterAFailure: a gremlins run that exits 0 is never
// probed for a missing gremlins; one missing target's finding counts no
// others.
func TestMissingToolOnlyAfterAFailure(t *testing.T) {
	one := []quality.Contract{{Target: quality.Target{ContractPath: "c/a.toml", Scenario: &finding.ScenarioRef{ID: "a"}}, Mutation: contract.Mutation{Enabled: true}}}
	tool := config.Mutation{Command: quality.GremlinsCommand, Threshold: 0.9, TimeoutSeconds: 1}

	out, calls := measureWith(t.Context(), tool, one, scored)
	assert.Len(t, calls, 1, "exit 0: no probe")
	require.Len(t, out, 1)
	assert.Equal(t, finding.QualityMutation, out[0].Kind)
	assert.Equal(t, time.Second, calls[0].timeout)

	out, calls = measureWith(t.Context(), tool, one, quality.Run{Result: ports.Result{ExitCode: 127}})
	assert.Len(t, calls, 2, "a failure is probed (the probe fails here too)")
	require.Len(t, out, 1)
	assert.Equal(t, finding.MissingTool, out[0].Kind)
	assert.NotContains(t, out[0].Message, "mutation runs need it", "one target: no count of others")
}
