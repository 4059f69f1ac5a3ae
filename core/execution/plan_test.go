package execution_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/execution"
)

// shell is a shell binding of scenario "c/<id>" running cmd.
func shell(id, cmd string, opts ...func(*contract.Entry)) execution.Binding {
	e := contract.Entry{Type: "shell", Command: cmd}
	for _, o := range opts {
		o(&e)
	}
	return binding("c", id, e)
}

func withTimeout(s int) func(*contract.Entry) {
	return func(e *contract.Entry) { e.TimeoutSeconds = s }
}

func withResources(rs ...string) func(*contract.Entry) {
	return func(e *contract.Entry) { e.Resources = rs }
}

func withExclusive(e *contract.Entry) { e.Exclusive = true }

// plan resolves the bindings with the default config and plans them.
func plan(t *testing.T, bindings ...execution.Binding) []execution.Job {
	t.Helper()
	return planWith(t, mustConfig(t, ""), bindings...)
}

// planWith resolves the bindings with cfg and plans them.
func planWith(t *testing.T, cfg config.Config, bindings ...execution.Binding) []execution.Job {
	t.Helper()
	invs := make([]execution.Invocation, len(bindings))
	for i, b := range bindings {
		inv, err := resolve(cfg, b)
		require.NoError(t, err)
		invs[i] = inv
	}
	return execution.Plan(bindings, invs)
}

// jobSummary is the part of a job the plan tests compare.
type jobSummary struct {
	Argv      []string
	Timeout   time.Duration
	Owners    []string
	Resources []string
	Exclusive bool
}

func summarize(jobs []execution.Job) []jobSummary {
	out := make([]jobSummary, len(jobs))
	for i, j := range jobs {
		s := jobSummary{Argv: j.Invocation.Argv, Timeout: j.Invocation.Timeout, Resources: j.Resources, Exclusive: j.Exclusive}
		for _, o := range j.Owners {
			s.Owners = append(s.Owners, o.Ref())
		}
		out[i] = s
	}
	return out
}

func sh(cmd string) []string { return []string{"/bin/sh", "-c", cmd} }

func TestPlan(t *testing.T) {
	tests := []struct {
		name     string
		bindings []execution.Binding
		want     []jobSummary
	}{
		{
			name:     "distinct invocations stay apart, in binding order",
			bindings: []execution.Binding{shell("b", "echo b"), shell("a", "echo a")},
			want: []jobSummary{
				{Argv: sh("echo b"), Timeout: time.Minute, Owners: []string{"c/b tests.shell[0]"}},
				{Argv: sh("echo a"), Timeout: time.Minute, Owners: []string{"c/a tests.shell[0]"}},
			},
		},
		{
			name:     "identical invocations merge and list every owner",
			bindings: []execution.Binding{shell("a", "make test"), shell("x", "echo x"), shell("b", "make test")},
			want: []jobSummary{
				{Argv: sh("make test"), Timeout: time.Minute, Owners: []string{"c/a tests.shell[0]", "c/b tests.shell[0]"}},
				{Argv: sh("echo x"), Timeout: time.Minute, Owners: []string{"c/x tests.shell[0]"}},
			},
		},
		{
			name:     "different timeouts do not merge",
			bindings: []execution.Binding{shell("a", "make test", withTimeout(5)), shell("b", "make test")},
			want: []jobSummary{
				{Argv: sh("make test"), Timeout: 5 * time.Second, Owners: []string{"c/a tests.shell[0]"}},
				{Argv: sh("make test"), Timeout: time.Minute, Owners: []string{"c/b tests.shell[0]"}},
			},
		},
		{
			name:     "an explicit timeout equal to the default merges",
			bindings: []execution.Binding{shell("a", "make test", withTimeout(60)), shell("b", "make test")},
			want: []jobSummary{
				{Argv: sh("make test"), Timeout: time.Minute, Owners: []string{"c/a tests.shell[0]", "c/b tests.shell[0]"}},
			},
		},
		{
			name: "resources are the sorted union of the owners'",
			bindings: []execution.Binding{
				shell("a", "make test", withResources("redis", "db")),
				shell("b", "make test", withResources("db", "port:8080")),
			},
			want: []jobSummary{{
				Argv: sh("make test"), Timeout: time.Minute,
				Owners:    []string{"c/a tests.shell[0]", "c/b tests.shell[0]"},
				Resources: []string{"db", "port:8080", "redis"},
			}},
		},
		{
			name:     "one exclusive owner makes the job exclusive",
			bindings: []execution.Binding{shell("a", "make test"), shell("b", "make test", withExclusive)},
			want: []jobSummary{{
				Argv: sh("make test"), Timeout: time.Minute,
				Owners:    []string{"c/a tests.shell[0]", "c/b tests.shell[0]"},
				Exclusive: true,
			}},
		},
		{
			name:     "nothing to run",
			bindings: nil,
			want:     []jobSummary{},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, summarize(plan(t, tt.bindings...)))
		})
	}
}

// TestPlanRunnerAndShellDoNotMerge: the same words as a shell command and
// as a runner argv are different processes.
func TestPlanRunnerAndShellDoNotMerge(t *testing.T) {
	cfg := mustConfig(t, "[runners]\nunit = [\"make\"]\n")
	assert.Len(t, planWith(t, cfg,
		binding("c", "a", contract.Entry{Type: "shell", Command: "make test"}),
		binding("c", "b", contract.Entry{Type: "unit", Flags: "test"}),
	), 2)
}
