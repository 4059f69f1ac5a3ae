package execution_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

// corroborating is a batching driver whose selections of a "parent/sub"
// word bind a subtest (ports.Corroborator): the corroboration appends
// "--skip" and those words; a result still reported for one is forged.
type corroborating struct{ portstest.BatchDriver }

func (corroborating) CorroborateArgv(argv []string, sels []ports.Selector) ([]string, bool) {
	var skip []string
	for _, s := range sels {
		for _, t := range s.Terms {
			if strings.Contains(t, "/") {
				skip = append(skip, t)
			}
		}
	}
	if len(skip) == 0 {
		return nil, false
	}
	return slices.Concat(argv, []string{"--skip"}, skip), true
}

func (corroborating) Forged(sels []ports.Selector, rep ports.TestReport) []string {
	out := make([]string, len(sels))
	for i, s := range sels {
		for _, tc := range rep.Tests {
			if strings.Contains(tc.ID, "/") && slices.Contains(s.Terms, tc.ID) {
				out[i] = tc.ID
			}
		}
	}
	return out
}

// subtestFramework plays a framework whose tests named in forged print
// the framing of their subtest whether it ran or not: every selected
// "parent/sub" word reports its parent and its subtest passed, unless
// --skip names it and it is not forged; corroborations answer broken
// output when broken is set.
func subtestFramework(forged []string, broken bool) func(cmd ports.Command) ports.Result {
	return func(cmd ports.Command) ports.Result {
		words := cmd.Argv[1:]
		var skip []string
		if i := slices.Index(words, "--skip"); i >= 0 {
			words, skip = words[:i], words[i+1:]
			if broken {
				return ports.Result{Stdout: []byte("garbage\n")}
			}
		}
		var b strings.Builder
		for _, w := range words {
			parent, _, sub := strings.Cut(w, "/")
			fmt.Fprintf(&b, "%s passed\n", parent)
			if sub && (!slices.Contains(skip, w) || slices.Contains(forged, w)) {
				fmt.Fprintf(&b, "%s passed\n", w)
			}
		}
		return ports.Result{Stdout: []byte(b.String())}
	}
}

// corroborationRun runs bindings of flags through the corroborating
// driver and returns the results and the commands run.
func corroborationRun(t *testing.T, flags []string, opts execution.Options, answer func(ports.Command) ports.Result) (execution.Results, []ports.Command) {
	t.Helper()
	d := corroborating{portstest.BatchDriver{Driver: &portstest.Driver{Adapter: "fw", Default: []string{"fw"}, ParseFunc: lines}}}
	return runFlags(t, d, flags, opts, false, answer, nil)
}

func TestCorroborationAlone(t *testing.T) {
	tests := []struct {
		name      string
		flags     string
		forged    []string
		broken    bool
		wantCalls int
		want      string // "" passes; else the no-tests-ran message holds it
	}{
		{"a real subtest passes", "t/ok", nil, false, 2, ""},
		{"a forged subtest is no-tests-ran", "t/ok", []string{"t/ok"}, false, 2, "but a run with that subtest skipped reported t/ok too: its framing was printed by a test"},
		{"a corroboration that cannot be read proves nothing", "t/ok", nil, true, 2, "the run corroborating its subtests (the same run with them skipped) ended before it reported"},
		{"no subtest, no corroboration", "t", nil, false, 1, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, calls := corroborationRun(t, []string{tt.flags}, execution.Options{Workers: 1}, subtestFramework(tt.forged, tt.broken))
			assert.Len(t, calls, tt.wantCalls)
			if tt.want == "" {
				assert.Equal(t, 1, res.Passed)
				assert.Empty(t, res.Findings)
				return
			}
			assert.Equal(t, 0, res.Passed)
			require.Len(t, res.Findings, 1)
			assert.Equal(t, finding.NoTestsRan, res.Findings[0].Kind)
			assert.Contains(t, res.Findings[0].Message, tt.want)
			assert.Equal(t, execution.NoTestsRan, res.Executions[0].Verdict)
		})
	}
}

func TestCorroborationBatched(t *testing.T) {
	flags := []string{"t01", "t02", "t03", "t04", "t05/ok", "t06/ok", "t07", "t08", "t09", "t10"}
	res, calls := corroborationRun(t, flags, execution.Options{Workers: 2, Batch: true}, subtestFramework([]string{"t05/ok"}, false))
	require.Len(t, calls, 2, "one batch and one corroboration for all its subtest bindings")
	assert.Equal(t, []string{"fw", "t01", "t02", "t03", "t04", "t05/ok", "t06/ok", "t07", "t08", "t09", "t10", "--skip", "t05/ok", "t06/ok"}, calls[1].Argv)
	assert.Equal(t, 9, res.Passed, "only the binding of the forged subtest is touched")
	require.Len(t, res.Findings, 1)
	assert.Equal(t, finding.NoTestsRan, res.Findings[0].Kind)
	assert.Equal(t, ".espectacular/c/s05.toml", res.Findings[0].ContractPath)
	assert.Contains(t, res.Findings[0].Message, "passed in batched invocation batch-1, but a run with that subtest skipped reported t05/ok too")
	assert.Empty(t, res.Batches[0].Fallback)
}

func TestCorroborationNotRunWhenNothingBindsASubtest(t *testing.T) {
	flags := []string{"t01", "t02", "t03", "t04", "t05", "t06", "t07", "t08", "t09"}
	res, calls := corroborationRun(t, flags, execution.Options{Workers: 2, Batch: true}, subtestFramework(nil, false))
	assert.Len(t, calls, 1)
	assert.Equal(t, 9, res.Passed)
}
