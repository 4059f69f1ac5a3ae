package gotest_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/drivers/gotest"
	"github.com/espectacular/ah/ports"
)

// events builds a test2json stream of package m: each step is
// "<action> <test>" ("output <test> <text>" for output).
func events(steps ...string) []byte {
	var b strings.Builder
	for _, s := range steps {
		f := strings.SplitN(s, " ", 3)
		out := ""
		if len(f) == 3 {
			out = f[2] + "\n"
		}
		fmt.Fprintf(&b, `{"Action":%q,"Package":"m","Test":%q,"Output":%q}`+"\n", f[0], f[1], out)
	}
	b.WriteString(`{"Action":"pass","Package":"m"}` + "\n")
	return []byte(b.String())
}

func report(flags []string, stream []byte) ports.TestReport {
	s := gotest.NewStream(flags...)
	_, _ = s.Write(stream)
	return s.Report(ports.Result{})
}

func summary(rep ports.TestReport) []string {
	var out []string
	for _, tc := range rep.Tests {
		out = append(out, fmt.Sprintf("%s %s#%d", tc.Status, tc.Path[1], tc.Repeat))
	}
	return out
}

// Issue 36: a result the command line cannot produce is no evidence and
// makes the stream inconsistent (an anomaly: ah fails closed on it): a
// benchmark without -bench, a name -run cannot select (framing a test
// printed); -count=N gives N results; a parent failed only by its
// subtest is left to the subtest's result.
func TestPlan(t *testing.T) {
	forged := events("run TestA", "run BenchmarkFoo", "pass BenchmarkFoo", "run TestA/other", "pass TestA/other", "run TestA/ok", "pass TestA/ok", "pass TestA")
	rep := report([]string{"-run", "^TestA$/^ok$|^BenchmarkFoo$"}, forged)
	assert.Equal(t, []string{"a result for m.BenchmarkFoo, which this command line cannot run", "a result for m.TestA/other, which this command line cannot run"}, rep.Anomalies)
	assert.Equal(t, []string{"passed TestA#0", "passed TestA/ok#0"}, summary(rep), "no benchmark, no subtest -run cannot select")
	rep = report([]string{"-run=^TestA$", "-bench=."}, events("run TestA", "pass TestA", "run BenchmarkFoo", "pass BenchmarkFoo"))
	assert.Equal(t, []string{"passed TestA#0", "passed BenchmarkFoo#0"}, summary(rep), "-bench runs benchmarks")

	rep = report([]string{"-skip", "^TestA$/^ok$"}, forged)
	assert.Equal(t, []string{"passed TestA#0", "passed TestA/other#0"}, summary(rep), "-skip: ok never runs")

	twice := events("run TestA", "run TestA/x", "pass TestA/x", "pass TestA", "run TestA", "run TestA/x", "pass TestA/x", "pass TestA")
	rep = report([]string{"-run", "^TestA$", "-count=2"}, twice)
	assert.Empty(t, rep.Anomalies)
	assert.Equal(t, []string{"passed TestA#0", "passed TestA/x#0", "passed TestA#1", "passed TestA/x#1"}, summary(rep))
	rep = report([]string{"-run", "^TestA$"}, twice)
	assert.Contains(t, rep.Anomalies, "m.TestA started again after its result (passed)", "once, a second run is an anomaly")

	failed := events("run TestA", "run TestA/ok", "output TestA/ok     a_test.go:9: boom", "fail TestA/ok", "output TestA --- FAIL: TestA (0.00s)", "fail TestA")
	assert.Equal(t, []string{"failed TestA/ok#0"}, summary(report(nil, failed)), "the parent failed by its subtest only")
	own := events("run TestA", "run TestA/ok", "fail TestA/ok", "output TestA     a_test.go:12: parent broke too", "fail TestA")
	assert.Equal(t, []string{"failed TestA#0", "failed TestA/ok#0"}, summary(report(nil, own)), "a parent with a failure of its own keeps it")
}
