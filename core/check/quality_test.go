package check_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/check"
	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

const mutationSpec = "# calc\n\n#### Scenario: Adds\n\nTHEN it adds\n\n#### Scenario: Subtracts\n\nTHEN it subtracts\n"

func mutationRepo(config, addsQuality string) map[string]string {
	contract := func(id, cmd, quality string) string {
		return "id = \"" + id + "\"\ndescription = \"d\"\narchetype = \"PF\"\nstatus = \"active\"\nauthored_with = \"0.1.0\"\n" +
			quality + "\n[[tests.shell]]\ncommand = \"" + cmd + "\"\n"
	}
	return map[string]string{
		".espectacular/config.toml":         "tool_version = \"0.1.0\"\n" + config,
		"openspec/specs/calc/spec.md":       mutationSpec,
		".espectacular/calc/adds.toml":      contract("adds", "test-adds", addsQuality),
		".espectacular/calc/subtracts.toml": contract("subtracts", "test-subtracts", ""),
	}
}

// TestMutationStage: issue 16. The tool runs once per opted-in contract
// (and once project-wide when the config enables it), from the root, with
// {} replaced by a scratch script of the declared tests and the contract's
// args appended; what it prints becomes the finding.
func TestMutationStage(t *testing.T) {
	const tool = "[quality.mutation]\ncommand = [\"mut\", \"{}\"]\nthreshold = 0.5\ntimeout_seconds = 7\n"
	tests := []struct {
		name      string
		config    string
		quality   string
		stdout    string
		wantArgv  [][]string
		wantBrief []string
		wantScore []float64
	}{
		{
			name: "opted-in contract", config: tool, quality: "[quality.mutation]\nenabled = true\nargs = [\"./pkg\"]\n",
			stdout:    "log line\n{\"score\": 0.75}\n",
			wantArgv:  [][]string{{"mut", "/scratch/1/tests.sh", "./pkg"}},
			wantBrief: []string{"quality-mutation openspec/specs/calc/spec.md adds .espectacular/calc/adds.toml"},
			wantScore: []float64{0.75},
		},
		{
			name: "contract threshold overrides", config: tool, quality: "[quality.mutation]\nenabled = true\nthreshold = 0.9\n",
			stdout:    `{"score": 0.75}`,
			wantArgv:  [][]string{{"mut", "/scratch/1/tests.sh"}},
			wantBrief: []string{"quality-mutation openspec/specs/calc/spec.md adds .espectacular/calc/adds.toml"},
			wantScore: []float64{0.75},
		},
		{
			name: "project-wide run has no scenario", config: strings.Replace(tool, "]\n", "]\nenabled = true\n", 1),
			stdout:    `{"score": 0.25}`,
			wantArgv:  [][]string{{"mut", "/scratch/1/tests.sh"}},
			wantBrief: []string{"quality-mutation .espectacular/config.toml  "},
			wantScore: []float64{0.25},
		},
		{
			name: "no tool configured", quality: "[quality.mutation]\nenabled = true\n",
			wantBrief: []string{"recommendation openspec/specs/calc/spec.md adds .espectacular/calc/adds.toml"},
		},
		{
			name: "nobody opts in", config: tool,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := mutationRepo(tt.config, tt.quality)
			proc := &portstest.Process{Default: portstest.ProcessResponse{Result: ports.Result{Stdout: []byte(tt.stdout)}}}
			scratch := &portstest.Scratch{}
			var scripts []string
			proc.Func = func(_ context.Context, cmd ports.Command) (ports.Result, error) {
				data, err := scratch.ReadFile(cmd.Argv[1])
				require.NoError(t, err, "the script exists while the tool runs")
				scripts = append(scripts, string(data))
				assert.Equal(t, "/repo", cmd.Dir)
				assert.Equal(t, int64(7), int64(cmd.Timeout.Seconds()))
				return ports.Result{Stdout: []byte(tt.stdout)}, nil
			}
			rep, err := check.Run(t.Context(), mapFS(files), parseConfig(t, files), check.Options{
				Mutation: true, Env: execution.Env{Process: proc, Dir: "/repo", Scratch: scratch},
			})
			require.NoError(t, err)
			var got []string
			var scores []float64
			for _, f := range rep.Findings {
				got = append(got, brief(f))
				if f.Score != nil {
					scores = append(scores, *f.Score)
				}
			}
			assert.Equal(t, tt.wantBrief, got)
			assert.Equal(t, tt.wantScore, scores)
			assert.Equal(t, len(tt.wantArgv), len(proc.Argvs()))
			if len(tt.wantArgv) > 0 {
				assert.Equal(t, tt.wantArgv, proc.Argvs())
			}
			assert.False(t, rep.Failed(), "a measurement never fails the gate")
			for _, s := range scripts {
				assert.Contains(t, s, "cd /repo\n")
				assert.Contains(t, s, "/bin/sh -c test-adds\n")
			}
			if strings.Contains(tt.name, "project-wide") {
				require.Len(t, scripts, 1)
				assert.Contains(t, scripts[0], "/bin/sh -c test-subtracts\n", "the project-wide script runs every contract's tests")
			}
			_, err = scratch.ReadFile("/scratch/1/tests.sh")
			assert.Error(t, err, "the script is removed after the run")
		})
	}
}

// TestMutationStageToolFailure: a tool that cannot be prepared or started
// fails the gate with fix_tool_invocation.
func TestMutationStageToolFailure(t *testing.T) {
	files := mutationRepo("[quality.mutation]\ncommand = [\"mut\", \"{}\"]\n", "[quality.mutation]\nenabled = true\n")
	for name, scratch := range map[string]*portstest.Scratch{
		"scratch fails": {Err: errors.New("disk full")},
		"tool missing":  {},
	} {
		t.Run(name, func(t *testing.T) {
			proc := &portstest.Process{Default: portstest.ProcessNotFound("mut")}
			rep, err := check.Run(t.Context(), mapFS(files), parseConfig(t, files), check.Options{
				Mutation: true, Env: execution.Env{Process: proc, Dir: "/repo", Scratch: scratch},
			})
			require.NoError(t, err)
			require.Len(t, rep.Findings, 1)
			f := rep.Findings[0]
			assert.Equal(t, finding.TestFailing, f.Kind)
			assert.Equal(t, finding.FixToolInvocation, f.SuggestedAction)
			assert.Contains(t, f.Message, "could not start")
			assert.Equal(t, []string{"mut", "<scratch>/tests.sh"}, f.Test.Argv)
			assert.True(t, rep.Failed())
		})
	}
}

// TestMutationStageKeepsTheLastLineOfHugeOutput: a tool logging megabytes
// on stdout before its score still gets measured.
func TestMutationStageKeepsTheLastLineOfHugeOutput(t *testing.T) {
	files := mutationRepo("[quality.mutation]\ncommand = [\"mut\"]\n", "[quality.mutation]\nenabled = true\n")
	proc := &portstest.Process{Func: func(_ context.Context, cmd ports.Command) (ports.Result, error) {
		line := []byte(strings.Repeat("x", 1023) + "\n")
		for range 10 * 1024 { // 10 MiB of log
			_, _ = cmd.Stdout.Write(line)
		}
		_, _ = cmd.Stdout.Write([]byte(`{"score": 0.5}`))
		return ports.Result{}, nil
	}}
	rep, err := check.Run(t.Context(), mapFS(files), parseConfig(t, files), check.Options{
		Mutation: true, Env: execution.Env{Process: proc, Dir: "/repo", Scratch: &portstest.Scratch{}},
	})
	require.NoError(t, err)
	require.Len(t, rep.Findings, 1)
	require.NotNil(t, rep.Findings[0].Score)
	assert.InDelta(t, 0.5, *rep.Findings[0].Score, 1e-12)
}

// TestMutationStageProjectWideNeeds: the project-wide run needs a tool
// and at least one declared test to measure.
func TestMutationStageProjectWideNeeds(t *testing.T) {
	const tool = "[quality.mutation]\nenabled = true\ncommand = [\"mut\", \"{}\"]\n"
	tests := []struct {
		name   string
		files  map[string]string
		kinds  []finding.Kind
		noToml bool
	}{
		{name: "no tool configured", files: mutationRepo("[quality.mutation]\nenabled = true\n", "")},
		{name: "no test to measure", files: func() map[string]string {
			files := mutationRepo(tool, "")
			delete(files, ".espectacular/calc/adds.toml")
			delete(files, ".espectacular/calc/subtracts.toml")
			return files
		}(), kinds: []finding.Kind{finding.NoTOML, finding.NoTOML}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			proc := &portstest.Process{Default: portstest.ProcessResponse{Result: ports.Result{Stdout: []byte(`{"score": 1}`)}}}
			rep, err := check.Run(t.Context(), mapFS(tt.files), parseConfig(t, tt.files), check.Options{
				Mutation: true, Env: execution.Env{Process: proc, Dir: "/repo", Scratch: &portstest.Scratch{}},
			})
			require.NoError(t, err)
			var kinds []finding.Kind
			for _, f := range rep.Findings {
				kinds = append(kinds, f.Kind)
			}
			assert.Equal(t, tt.kinds, kinds)
			assert.Empty(t, proc.Calls())
		})
	}
}
