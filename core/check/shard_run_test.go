package check_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/check"
	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/core/report"
	"github.com/espectacular/ah/core/shard"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

// shardFiles has three jobs, dealt out by identity to two shards: alpha's
// failing tests.shell[0] and beta's test to shard 1, alpha's passing
// tests.shell[1] to shard 2; gamma has no contract (a structural finding).
func shardFiles() map[string]string {
	return edit(map[string]string{
		gatePath:  gateSpec + "\n#### Scenario: Gamma works\n- THEN ok\n",
		alphaToml: contractTOML("alpha-works", "[[tests.shell]]", `command = "false"`, "[[tests.shell]]", `command = "true alpha"`),
		betaToml:  contractTOML("beta-works", "[[tests.shell]]", `command = "true beta"`),
	})
}

// shellProc fails the command "false" and passes every other.
func shellProc() *portstest.Process {
	return &portstest.Process{Func: func(_ context.Context, cmd ports.Command) (ports.Result, error) {
		if cmd.Argv[len(cmd.Argv)-1] == "false" {
			return ports.Result{ExitCode: 1}, nil
		}
		return ports.Result{}, nil
	}}
}

func runShard(t *testing.T, files map[string]string, shard *check.Shard) (check.Report, []string) {
	t.Helper()
	proc := shellProc()
	rep, err := check.Run(t.Context(), mapFS(files), parseConfig(t, files), check.Options{
		Env: execution.Env{Process: proc, Dir: "/repo"}, Exec: &check.Exec{Jobs: 1}, Shard: shard,
	})
	require.NoError(t, err)
	var ran []string
	for _, argv := range proc.Argvs() {
		ran = append(ran, argv[len(argv)-1])
	}
	return rep, ran
}

// TestRunSharded: each shard runs its own jobs; structural findings come
// from shard 1 alone; a unit keeps only the bindings its shard ran; and
// the merge of the shards is the unsharded run.
func TestRunSharded(t *testing.T) {
	files := shardFiles()
	tests := []struct {
		index    int
		ran      []string
		findings []string
		order    []int
		units    []unitSummary
	}{
		{
			index: 1, ran: []string{"false", "true beta"},
			findings: []string{
				"test-failing " + gatePath + " alpha-works " + alphaToml,
				"no-toml " + gatePath + " gamma-works .espectacular/gate/gamma-works.toml",
			},
			order: []int{0, 2},
			units: []unitSummary{
				{ID: "alpha-works", Status: report.UnitFailed, Bindings: []string{"gate/alpha-works tests.shell[0] failed"}},
				{ID: "beta-works", Status: report.UnitPassed, Bindings: []string{"gate/beta-works tests.shell[0] passed"}},
				{ID: "gamma-works", Status: report.UnitInvalid},
			},
		},
		{
			index: 2, ran: []string{"true alpha"}, findings: []string{}, order: []int{1},
			units: []unitSummary{
				{ID: "alpha-works", Status: report.UnitPassed, Bindings: []string{"gate/alpha-works tests.shell[1] passed"}},
				{ID: "beta-works", Status: report.UnitValid},
				{ID: "gamma-works", Status: report.UnitInvalid},
			},
		},
	}
	var parts []shard.Part
	for _, tt := range tests {
		rep, ran := runShard(t, files, &check.Shard{Index: tt.index, Total: 2})
		assert.Equal(t, tt.ran, ran, "shard %d runs", tt.index)
		got := []string{}
		for _, f := range rep.Findings {
			got = append(got, brief(f))
		}
		assert.Equal(t, tt.findings, got, "shard %d findings", tt.index)
		require.NotNil(t, rep.Shard)
		assert.Equal(t, tt.index, rep.Shard.Index)
		assert.Equal(t, 2, rep.Shard.Total)
		assert.Equal(t, tt.order, rep.Shard.Order)
		assert.Equal(t, []report.PlannedJob{
			{Job: "gate/alpha-works tests.shell[0]", Shard: 1},
			{Job: "gate/alpha-works tests.shell[1]", Shard: 2},
			{Job: "gate/beta-works tests.shell[0]", Shard: 1},
		}, rep.Shard.Plan, "shard %d plan: the whole run's", tt.index)
		assert.Regexp(t, `^sha256:[0-9a-f]{64}$`, rep.Shard.Corpus)
		assert.Equal(t, tt.units, summarize(rep.Units), "shard %d units", tt.index)
		parts = append(parts, shard.Part{Name: fmt.Sprintf("s%d.json", tt.index), Report: rep, Failed: tt.index == 1})
	}
	assert.Equal(t, parts[0].Report.Shard.Corpus, parts[1].Report.Shard.Corpus, "one corpus, one digest")

	whole, _ := runShard(t, files, nil)
	assert.Nil(t, whole.Shard)
	merged, err := shard.Merge(parts)
	require.NoError(t, err)
	assert.Equal(t, whole.Findings, merged.Findings)
	assert.Equal(t, whole.Summary, merged.Summary)
	assert.Equal(t, whole.Executions, merged.Executions)
}

// TestRunShardedMutation: the mutation tool runs in shard 1 only.
func TestRunShardedMutation(t *testing.T) {
	files := mutationRepo("[quality.mutation]\ncommand = [\"mut\", \"{}\"]\n", "[quality.mutation]\nenabled = true\n")
	for _, tt := range []struct {
		index, runs int
	}{{1, 1}, {2, 0}} {
		proc := &portstest.Process{Default: portstest.ProcessResponse{Result: ports.Result{Stdout: []byte(`{"score": 1}`)}}}
		rep, err := check.Run(t.Context(), mapFS(files), parseConfig(t, files), check.Options{
			Shard:    &check.Shard{Index: tt.index, Total: 2},
			Mutation: true, Env: execution.Env{Process: proc, Dir: "/repo", Scratch: &portstest.Scratch{}},
		})
		require.NoError(t, err)
		assert.Len(t, proc.Calls(), tt.runs, "shard %d", tt.index)
		assert.Len(t, rep.Findings, tt.runs, "shard %d", tt.index)
	}
}

// TestRunShardedUnresolved: a binding that cannot be invoked (here a
// framework declared by a manifest whose driver knows no command) is a
// missing-runner finding of shard 1 only, like any finding outside a job.
func TestRunShardedUnresolved(t *testing.T) {
	drv := probedDriver(true)
	drv.Default = nil
	files := adapterRepo("", "[[tests.fw]]", `flags = "a"`)
	for _, tt := range []struct {
		index int
		want  []string
	}{
		{1, []string{"missing-runner " + gatePath + " alpha-works " + alphaToml}},
		{2, []string{}},
	} {
		proc := &portstest.Process{Default: portstest.ProcessNotFound("fw")}
		rep := runWith(t, files, check.Options{
			Drivers: []ports.Driver{drv}, Env: execution.Env{Process: proc, Dir: "/repo"},
			Exec:  &check.Exec{},
			Shard: &check.Shard{Index: tt.index, Total: 2},
		})
		got := []string{}
		for _, f := range rep.Findings {
			got = append(got, brief(f))
		}
		assert.Equal(t, tt.want, got, "shard %d", tt.index)
	}
}
