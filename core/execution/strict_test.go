package execution_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

// TestOneRule: a passing adapter run needs, in its structured report, a
// selected test that ran and passed and no selected skip; a report that
// is missing or contradicts itself after exit 0 is no-tests-ran. --strict
// changes none of it (issues 12, 23 and 36): every case runs both ways.
func TestOneRule(t *testing.T) {
	unparsed := func(ports.Result, []byte) ports.TestReport { return ports.TestReport{} }
	batching := func() ports.Driver {
		return portstest.BatchDriver{Driver: &portstest.Driver{Adapter: "fw", ParseFunc: lines}}
	}
	tests := []struct {
		name       string
		driver     ports.Driver
		stdout     string
		want       string
		wantInText string
	}{
		{"no report", &portstest.Driver{Adapter: "fw", ParseFunc: unparsed}, "", execution.NoTestsRan, "exited with status 0, but the framework ended before it reported"},
		{"another test passed", batching(), "other passed\n", execution.NoTestsRan, "passed 1 tests, but none its flags select"},
		{"the selected test passed", batching(), "other passed\nt01 passed\n", execution.Passed, ""},
		{"any test passed, no batcher", &portstest.Driver{Adapter: "fw", ParseFunc: lines}, "other passed\n", execution.Passed, ""},
		{"a selected test skipped", batching(), "t01 passed\nt01/a skipped\n", execution.Failed, "its flags select skipped tests: 1 skipped (t01/a)"},
		{"an unselected test skipped", batching(), "t01 passed\nother skipped\n", execution.Passed, ""},
		{"any test skipped, no batcher", &portstest.Driver{Adapter: "fw", ParseFunc: lines}, "other passed\nx skipped\n", execution.Failed, "1 skipped (x)"},
		{"an anomaly", batching(), "t01 passed\n! forged\n", execution.NoTestsRan, "the framework ended before it reported: forged"},
	}
	for _, tt := range tests {
		for _, strict := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s, strict %v", tt.name, strict), func(t *testing.T) {
				b := binding("c", "s01", contract.Entry{Type: "fw", Flags: "t01"})
				inv, err := resolveAdapter(config.Config{DefaultTimeoutSeconds: 5}, b, []string{"fw"}, tt.driver, ports.SourceManifest, "")
				require.NoError(t, err)
				proc := &portstest.Process{Func: func(context.Context, ports.Command) (ports.Result, error) {
					return ports.Result{Stdout: []byte(tt.stdout)}, nil
				}}
				env := execution.Env{Process: proc, Dir: "/repo", Scratch: &portstest.Scratch{}, Strict: strict}
				res := execution.Run(t.Context(), env, execution.Plan([]execution.Binding{b}, []execution.Invocation{inv}), execution.Options{Workers: 1})
				require.Len(t, res.Executions, 1)
				assert.Equal(t, tt.want, res.Executions[0].Verdict)
				if tt.wantInText != "" {
					require.Len(t, res.Findings, 1)
					assert.Contains(t, res.Findings[0].Message, tt.wantInText)
				}
			})
		}
	}
}

// TestStrictUnreadableFlags: a batching driver that cannot read a
// binding's flags cannot tell what they select, so any passed test
// counts, as without a batcher.
func TestStrictUnreadableFlags(t *testing.T) {
	d := portstest.BatchDriver{Driver: &portstest.Driver{Adapter: "fw", ParseFunc: lines}}
	b := binding("c", "s01", contract.Entry{Type: "fw", Flags: "-x t01"})
	inv, err := resolveAdapter(config.Config{DefaultTimeoutSeconds: 5}, b, []string{"fw"}, d, ports.SourceManifest, "")
	require.NoError(t, err)
	proc := &portstest.Process{Func: func(context.Context, ports.Command) (ports.Result, error) {
		return ports.Result{Stdout: []byte("other passed\n")}, nil
	}}
	env := execution.Env{Process: proc, Dir: "/repo", Scratch: &portstest.Scratch{}, Strict: true}
	res := execution.Run(t.Context(), env, execution.Plan([]execution.Binding{b}, []execution.Invocation{inv}), execution.Options{Workers: 1})
	require.Len(t, res.Executions, 1)
	assert.Equal(t, execution.Passed, res.Executions[0].Verdict)
	assert.Empty(t, res.Findings)
}

// refreshing is a driver whose framework may replay cached results.
type refreshing struct{ *portstest.Driver }

func (refreshing) Fresh(argv []string) []string { return append(slices.Clone(argv), "--fresh") }

// TestStrictRunsFresh: under --strict a driver that can replay cached
// results (go test) is asked for a real run; without --strict its cache
// may answer (issue 29), so the argv is the declared one.
func TestStrictRunsFresh(t *testing.T) {
	for _, strict := range []bool{false, true} {
		b := binding("c", "s01", contract.Entry{Type: "fw", Flags: "t01"})
		d := refreshing{&portstest.Driver{Adapter: "fw", ParseFunc: lines}}
		inv, err := resolveAdapter(config.Config{DefaultTimeoutSeconds: 5}, b, []string{"fw"}, d, ports.SourceManifest, "")
		require.NoError(t, err)
		var ran []string
		proc := &portstest.Process{Func: func(_ context.Context, c ports.Command) (ports.Result, error) {
			ran = c.Argv
			return ports.Result{Stdout: []byte("t01 passed\n")}, nil
		}}
		env := execution.Env{Process: proc, Dir: "/repo", Scratch: &portstest.Scratch{}, Strict: strict}
		execution.Run(t.Context(), env, execution.Plan([]execution.Binding{b}, []execution.Invocation{inv}), execution.Options{Workers: 1})
		assert.Equal(t, strict, slices.Contains(ran, "--fresh"), "strict=%v ran %q", strict, ran)
	}
}
