package execution_test

import (
	"context"
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

// TestStrict: with --strict a passing adapter run needs a selected test
// that ran and passed in its structured report (issue 12).
func TestStrict(t *testing.T) {
	unparsed := func(ports.Result, []byte) ports.TestReport { return ports.TestReport{} }
	tests := []struct {
		name       string
		driver     ports.Driver
		stdout     string
		strict     bool
		want       string
		wantInText string
	}{
		{"no report, not strict", &portstest.Driver{Adapter: "fw", ParseFunc: unparsed}, "", false, execution.Passed, ""},
		{"no report, strict", &portstest.Driver{Adapter: "fw", ParseFunc: unparsed}, "", true, execution.NoTestsRan, "structured output could not be read"},
		{"another test passed, not strict", portstest.BatchDriver{Driver: &portstest.Driver{Adapter: "fw", ParseFunc: lines}}, "other passed\n", false, execution.Passed, ""},
		{"another test passed, strict", portstest.BatchDriver{Driver: &portstest.Driver{Adapter: "fw", ParseFunc: lines}}, "other passed\n", true, execution.NoTestsRan, "passed 1 tests, but none its flags select"},
		{"the selected test passed, strict", portstest.BatchDriver{Driver: &portstest.Driver{Adapter: "fw", ParseFunc: lines}}, "other passed\nt01 passed\n", true, execution.Passed, ""},
		{"any test passed, strict, no batcher", &portstest.Driver{Adapter: "fw", ParseFunc: lines}, "other passed\n", true, execution.Passed, ""},
		// Issue 23: a selected skip fails a binding under --strict only;
		// an unselected one does not; a report with an anomaly proves
		// nothing under --strict and keeps the exit status otherwise.
		{"a selected test skipped, not strict", portstest.BatchDriver{Driver: &portstest.Driver{Adapter: "fw", ParseFunc: lines}}, "t01 passed\nt01b skipped\n", false, execution.Passed, ""},
		{"a selected test skipped, strict", portstest.BatchDriver{Driver: &portstest.Driver{Adapter: "fw", ParseFunc: lines}}, "t01 passed\nt01/a skipped\n", true, execution.Failed, "its flags select skipped tests: 1 skipped (t01/a)"},
		{"an unselected test skipped, strict", portstest.BatchDriver{Driver: &portstest.Driver{Adapter: "fw", ParseFunc: lines}}, "t01 passed\nother skipped\n", true, execution.Passed, ""},
		{"any test skipped, strict, no batcher", &portstest.Driver{Adapter: "fw", ParseFunc: lines}, "other passed\nx skipped\n", true, execution.Failed, "1 skipped (x)"},
		{"an anomaly, not strict", portstest.BatchDriver{Driver: &portstest.Driver{Adapter: "fw", ParseFunc: lines}}, "t01 passed\n! forged\n", false, execution.Passed, ""},
		{"an anomaly, strict", portstest.BatchDriver{Driver: &portstest.Driver{Adapter: "fw", ParseFunc: lines}}, "t01 passed\n! forged\n", true, execution.NoTestsRan, "structured output could not be read"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := binding("c", "s01", contract.Entry{Type: "fw", Flags: "t01"})
			inv, err := resolveAdapter(config.Config{DefaultTimeoutSeconds: 5}, b, []string{"fw"}, tt.driver, ports.SourceManifest, "")
			require.NoError(t, err)
			proc := &portstest.Process{Func: func(context.Context, ports.Command) (ports.Result, error) {
				return ports.Result{Stdout: []byte(tt.stdout)}, nil
			}}
			env := execution.Env{Process: proc, Dir: "/repo", Scratch: &portstest.Scratch{}, Strict: tt.strict}
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

// TestStrictUnreadableFlags: a batching driver that cannot read a
// binding's flags cannot tell what they select, so under --strict any
// passed test counts, as without a batcher.
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
