package check_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/check"
	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/core/report"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

// unitSummary is the part of a report.Unit these tests compare.
type unitSummary struct {
	ID       string
	Status   string
	Bindings []string // "<ref> <verdict>"
}

func summarize(units []report.Unit) []unitSummary {
	var out []unitSummary
	for _, u := range units {
		s := unitSummary{ID: u.Scenario.ID, Status: u.Status}
		for _, b := range u.Bindings {
			s.Bindings = append(s.Bindings, strings.TrimSpace(b.Ref+" "+b.Verdict+" "+b.Adapter))
		}
		out = append(out, s)
	}
	return out
}

// TestUnits: the report lists every scenario in scope with its status,
// passing ones included, and each binding's verdict when tests ran.
func TestUnits(t *testing.T) {
	files := edit(map[string]string{
		"openspec/specs/gate/spec.md": gateSpec + "\n#### Scenario: Gamma works\n- THEN ok\n",
		betaToml:                      contractTOML("beta-works", "[[tests.shell]]", `command = "false"`, "[[tests.shell]]", `command = "true"`, "[[tests.custom]]", `runner = "bats"`),
	})

	t.Run("structural only", func(t *testing.T) {
		rep, err := check.Run(t.Context(), mapFS(files), parseConfig(t, files), check.Options{})
		require.NoError(t, err)
		assert.Equal(t, []unitSummary{
			{ID: "alpha-works", Status: report.UnitValid},
			{ID: "beta-works", Status: report.UnitValid},
			{ID: "gamma-works", Status: report.UnitInvalid},
		}, summarize(rep.Units))
	})

	t.Run("with tests run", func(t *testing.T) {
		proc := &portstest.Process{Func: func(_ context.Context, cmd ports.Command) (ports.Result, error) {
			if strings.HasSuffix(cmd.Argv[len(cmd.Argv)-1], "false") {
				return ports.Result{ExitCode: 1}, nil
			}
			return ports.Result{}, nil
		}}
		rep, err := check.Run(t.Context(), mapFS(files), parseConfig(t, files), check.Options{Env: execution.Env{Process: proc, Dir: "/repo"}, Exec: &check.Exec{Jobs: 2}})
		require.NoError(t, err)
		assert.Equal(t, []unitSummary{
			{ID: "alpha-works", Status: report.UnitPassed, Bindings: []string{"gate/alpha-works tests.shell[0] passed"}},
			{ID: "beta-works", Status: report.UnitFailed, Bindings: []string{"gate/beta-works tests.custom[0] failed custom", "gate/beta-works tests.shell[0] failed", "gate/beta-works tests.shell[1] passed"}},
			{ID: "gamma-works", Status: report.UnitInvalid},
		}, summarize(rep.Units))
	})

	t.Run("interrupted", func(t *testing.T) {
		ctx, cancel := context.WithCancel(t.Context())
		defer cancel()
		proc := &portstest.Process{Func: func(context.Context, ports.Command) (ports.Result, error) {
			cancel()
			return ports.Result{ExitCode: -1, Canceled: true}, nil
		}}
		rep, err := check.Run(ctx, mapFS(files), parseConfig(t, files), check.Options{Env: execution.Env{Process: proc, Dir: "/repo"}, Exec: &check.Exec{Jobs: 1}})
		require.NoError(t, err)
		for _, u := range rep.Units[:2] {
			assert.Equal(t, report.UnitNotRun, u.Status, u.Scenario.ID)
		}
	})
}
