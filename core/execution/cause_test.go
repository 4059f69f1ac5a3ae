package execution_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

// TestCompileErrorReportedOnce: every contract of a crate fails on the
// same compile error. The first job (in plan order, whatever order the
// jobs ended in) carries the finding naming it, with the output; the
// others say they could not run and refer to it (issue 8). A job failing
// on another error, or with a failed test, keeps its own finding.
func TestCompileErrorReportedOnce(t *testing.T) {
	mismatch := ports.ReportError{Kind: ports.KindBuild, Location: "src/lib.rs:3:5", Message: "error[E0308]: mismatched types\n --> src/lib.rs:3:5"}
	other := ports.ReportError{Kind: ports.KindBuild, Location: "src/other.rs:1:1", Message: "error: expected item"}
	reports := map[string]ports.TestReport{
		"a": {Parsed: true, Errors: []ports.ReportError{mismatch}},
		"b": {Parsed: true, Errors: []ports.ReportError{mismatch}},
		"c": {Parsed: true, Errors: []ports.ReportError{mismatch}},
		"d": {Parsed: true, Errors: []ports.ReportError{other}},
		"e": {Parsed: true, Tests: []ports.TestCase{{ID: "t", Status: ports.TestFailed}}, Errors: []ports.ReportError{mismatch}},
	}
	d := fw(nil)
	d.Tail = 0
	d.Streamed = func(stdout []byte) ports.TestReport { return reports[string(stdout)] }
	r := runAdapter(t, d, func(cmd ports.Command, _ *portstest.Scratch) (ports.Result, error) {
		flag := cmd.Argv[len(cmd.Argv)-2] // fw run <flag> --report
		return ports.Result{ExitCode: 101, Stdout: []byte(flag), Stderr: []byte("compiler output")}, nil
	}, fwBinding("a", "a"), fwBinding("b", "b"), fwBinding("c", "c"), fwBinding("d", "d"), fwBinding("e", "e"))
	require.Len(t, r.Findings, 5)
	byContract := map[string]int{}
	for i, f := range r.Findings {
		byContract[f.ContractPath] = i
	}
	full := r.Findings[byContract[".espectacular/c/a.toml"]]
	assert.Equal(t, "tests.python[0] of .espectacular/c/a.toml exited with status 101: build error in src/lib.rs:3:5: error[E0308]: mismatched types", full.Message)
	assert.Equal(t, "compiler output", full.Test.StderrTail)
	for _, id := range []string{"b", "c"} {
		f := r.Findings[byContract[".espectacular/c/"+id+".toml"]]
		assert.Equal(t, "tests.python[0] of .espectacular/c/"+id+".toml could not run: the code failed to compile at src/lib.rs:3:5, see the finding of .espectacular/c/a.toml", f.Message)
		assert.Empty(t, f.Test.StderrTail, "the output is in the referenced finding")
		assert.True(t, f.Blocking(), "a contract that could not run still fails the gate")
	}
	for _, id := range []string{"d", "e"} {
		f := r.Findings[byContract[".espectacular/c/"+id+".toml"]]
		assert.NotContains(t, f.Message, "could not run", id)
		assert.Equal(t, "compiler output", f.Test.StderrTail, id)
	}
}
