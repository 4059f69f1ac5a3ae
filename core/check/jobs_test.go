package check_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/check"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

// TestRunJobs: tests run [execution] jobs at a time, unless --jobs (Exec.Jobs)
// says otherwise; with neither, as many as the machine has processors
// (Exec.CPUs), at most check.MaxDefaultJobs (issue 29). Each fake test
// waits for the other, so two run at once only when two workers run them.
func TestRunJobs(t *testing.T) {
	for _, tt := range []struct {
		name, cfg  string
		jobs, cpus int
	}{
		{"config jobs", "[execution]\njobs = 2\n", 0, 1},
		{"--jobs over the config", "[execution]\njobs = 1\n", 2, 1},
		{"the machine's processors by default", "", 0, 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			files := edit(map[string]string{
				config.Path: configTOML + tt.cfg,
				betaToml:    contractTOML("beta-works", "[[tests.shell]]", `command = "true beta"`),
			})
			var mu sync.Mutex
			running, peak := 0, 0
			both := make(chan struct{})
			proc := &portstest.Process{Func: func(context.Context, ports.Command) (ports.Result, error) {
				mu.Lock()
				running++
				peak = max(peak, running)
				if running == 2 {
					close(both)
				}
				mu.Unlock()
				select {
				case <-both:
				case <-time.After(time.Minute): // a hang, not a speed bound
				}
				mu.Lock()
				running--
				mu.Unlock()
				return ports.Result{}, nil
			}}
			rep, err := check.Run(t.Context(), mapFS(files), parseConfig(t, files), check.Options{Env: execution.Env{Process: proc, Dir: "/repo"}, Exec: &check.Exec{Jobs: tt.jobs, CPUs: tt.cpus}})
			require.NoError(t, err)
			assert.Equal(t, 2, rep.Summary.Passed)
			assert.Equal(t, 2, peak, "tests running at once")
		})
	}
}

// TestWorkers: --jobs, else [execution] jobs, else the machine's
// processors capped at MaxDefaultJobs; --fail-fast without either runs one
// test at a time, so which tests it leaves unrun never depends on the
// machine.
func TestWorkers(t *testing.T) {
	const set = 3
	for _, tt := range []struct {
		name string
		jobs int
		ex   check.Exec
		want int
	}{
		{"--jobs", set, check.Exec{Jobs: 5, CPUs: 8}, 5},
		{"config", set, check.Exec{CPUs: 8}, 3},
		{"machine", 0, check.Exec{CPUs: 2}, 2},
		{"machine, capped", 0, check.Exec{CPUs: 64}, check.MaxDefaultJobs},
		{"machine unknown", 0, check.Exec{}, 1},
		{"fail-fast", 0, check.Exec{CPUs: 8, FailFast: true}, 1},
		{"fail-fast with --jobs", 0, check.Exec{Jobs: 4, CPUs: 8, FailFast: true}, 4},
	} {
		assert.Equal(t, tt.want, check.Workers(tt.jobs, tt.ex), tt.name)
	}
}

// TestRunNoJobs: with nothing ready to run, a run with tests still lists
// its executions, as [] rather than null.
func TestRunNoJobs(t *testing.T) {
	files := edit(map[string]string{alphaToml: "", betaToml: ""})
	proc := &portstest.Process{}
	rep, err := check.Run(t.Context(), mapFS(files), parseConfig(t, files), check.Options{Env: execution.Env{Process: proc, Dir: "/repo"}, Exec: &check.Exec{}})
	require.NoError(t, err)
	require.NotNil(t, rep.Executions)
	assert.NotNil(t, *rep.Executions)
	assert.Empty(t, *rep.Executions)
	assert.Empty(t, proc.Calls())
	assert.Equal(t, 2, rep.Summary.Structural)
}
