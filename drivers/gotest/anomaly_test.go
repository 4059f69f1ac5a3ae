package gotest_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/drivers/gotest"
	"github.com/espectacular/ah/ports"
)

// TestParseAnomalies: events no honest go test stream contains keep the
// first result and are named as anomalies, which the core fails closed on
// (issue 23); durations come from Elapsed.
func TestParseAnomalies(t *testing.T) {
	const run = `{"Action":"run","Package":"p","Test":"TestA"}` + "\n"
	tests := []struct {
		name      string
		stream    string
		status    ports.TestStatus
		anomalies []string
	}{
		{"honest", run + `{"Action":"pass","Package":"p","Test":"TestA","Elapsed":1.5}` + "\n", ports.TestPassed, nil},
		{
			"a pass after a fail",
			run + `{"Action":"fail","Package":"p","Test":"TestA","Elapsed":1.5}` + "\n" + `{"Action":"pass","Package":"p","Test":"TestA"}` + "\n",
			ports.TestFailed, []string{"a second result (passed after failed) for p.TestA"},
		},
		{
			"a result for a test never started",
			`{"Action":"pass","Package":"p","Test":"TestA","Elapsed":1.5}` + "\n",
			ports.TestPassed, []string{"a result (passed) for p.TestA, which never started"},
		},
		{
			"a panic",
			run + `{"Action":"output","Package":"p","Test":"TestA","Output":"panic: boom\n"}` + "\n" + `{"Action":"fail","Package":"p","Test":"TestA","Elapsed":1.5}` + "\n",
			ports.TestFailed, []string{"p.TestA panicked and ended the test binary"},
		},
		{"never finished", run, ports.TestFailed, []string{"p.TestA did not finish before the test binary exited"}},
		{
			// A forged run+pass ahead of the real test: its real run
			// comes after a result.
			"a run after a result",
			run + `{"Action":"pass","Package":"p","Test":"TestA"}` + "\n" + run + `{"Action":"fail","Package":"p","Test":"TestA"}` + "\n",
			ports.TestPassed, []string{"p.TestA started again after its result (passed)", "a second result (failed after passed) for p.TestA"},
		},
		{
			"a run twice",
			run + run + `{"Action":"pass","Package":"p","Test":"TestA"}` + "\n",
			ports.TestPassed, []string{"p.TestA started twice"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := gotest.Parse([]byte(tt.stream + `{"Action":"pass","Package":"p"}` + "\n"))
			assert.Equal(t, tt.anomalies, rep.Anomalies)
			if assert.Len(t, rep.Tests, 1) {
				assert.Equal(t, tt.status, rep.Tests[0].Status)
			}
			if tt.name == "honest" {
				assert.Equal(t, 1500*time.Millisecond, rep.Tests[0].Duration)
			}
		})
	}
}

// TestParseSubtestParent: a subtest starts while its parent runs; one
// that starts after its parent's result, or without a parent, was not
// written by the testing package. A subtest name may hold a slash.
func TestParseSubtestParent(t *testing.T) {
	ev := func(action, test string) string {
		return `{"Action":"` + action + `","Package":"p","Test":"` + test + `"}` + "\n"
	}
	tests := []struct {
		name      string
		stream    string
		anomalies []string
	}{
		{"inside", ev("run", "TestA") + ev("run", "TestA/x") + ev("pass", "TestA/x") + ev("pass", "TestA"), nil},
		{"slash in its name", ev("run", "TestA") + ev("run", "TestA/x/y") + ev("pass", "TestA/x/y") + ev("pass", "TestA"), nil},
		{"after the parent", ev("run", "TestA") + ev("pass", "TestA") + ev("run", "TestA/x") + ev("pass", "TestA/x"),
			[]string{"p.TestA/x started outside its running parent"}},
		{"no parent", ev("run", "TestB/x") + ev("pass", "TestB/x"), []string{"p.TestB/x started outside its running parent"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := gotest.Parse([]byte(tt.stream + `{"Action":"pass","Package":"p"}` + "\n"))
			assert.Equal(t, tt.anomalies, rep.Anomalies)
		})
	}
}
