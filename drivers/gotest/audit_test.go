package gotest_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/drivers/gotest"
	"github.com/espectacular/ah/ports"
)

// listOf is `go test -json -list .` output for packages and their names.
func listOf(pkgs ...[]string) []byte {
	var b strings.Builder
	for _, p := range pkgs {
		for _, n := range p[1:] {
			b.WriteString(`{"Action":"output","Package":"` + p[0] + `","Output":"` + n + `\n"}` + "\n")
		}
		b.WriteString(`{"Action":"output","Package":"` + p[0] + `","Output":"ok  \t` + p[0] + `\t0.01s\n"}` + "\n")
		b.WriteString(`{"Action":"pass","Package":"` + p[0] + `"}` + "\n")
	}
	return []byte(b.String())
}

func TestAuditArgv(t *testing.T) {
	sels := []ports.Selector{{Terms: []string{"^TestA$", "./a"}}, {Terms: []string{"^TestB$", "./b"}}, {Terms: []string{"^TestC$", "./a"}}}
	assert.Equal(t, []string{"go", "test", "-json", "-count=1", "-list", ".", "./a", "./b"}, gotest.New().AuditArgv([]string{"go", "test"}, sels))
}

// TestAudit holds a batch's report to `go test -list` (issue 23 item 1):
// a result for a name no package defines, or no result for a listed test
// the union runs, is an anomaly; packages resolve to import paths.
func TestAudit(t *testing.T) {
	sels := []ports.Selector{{Terms: []string{"^TestA$", "./a"}}, {Terms: []string{"^TestB$/^x$", "."}}}
	list := listOf([]string{"m/a", "TestA", "TestOther", "BenchmarkA"}, []string{"m", "TestB", "ExampleB"})
	pass := func(id string) ports.TestCase { return result(id, ports.TestPassed) }
	tests := []struct {
		name      string
		tests     []ports.TestCase
		anomalies []string
	}{
		{"whole", []ports.TestCase{pass("m/a.TestA"), pass("m.TestB"), pass("m.TestB/x")}, nil},
		{"a ghost", []ports.TestCase{pass("m/a.TestA"), pass("m.TestB"), pass("m/a.TestGhost")},
			[]string{"a result for m/a.TestGhost, which m/a does not define (its test files and go test -list name no such test)"}},
		{"a ghost's subtest", []ports.TestCase{pass("m/a.TestA"), pass("m.TestB"), pass("m.TestGhost/x")},
			[]string{"a result for m.TestGhost/x, which m does not define (its test files and go test -list name no such test)"}},
		{"another package", []ports.TestCase{pass("m/a.TestA"), pass("m.TestB"), pass("other.TestA")},
			[]string{"a result for other.TestA, in no package the batch ran"}},
		{"a selected test without a result", []ports.TestCase{pass("m.TestB")},
			[]string{"no result for m/a.TestA, which the batch runs"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resolved, anomalies, ok := gotest.New().Audit(list, sels, ports.TestReport{Parsed: true, Tests: tt.tests})
			require.True(t, ok)
			assert.Equal(t, tt.anomalies, anomalies)
			assert.Equal(t, []ports.Selector{{Terms: []string{"^TestA$", "./a", "m/a"}}, {Terms: []string{"^TestB$/^x$", ".", "m"}}}, resolved)
		})
	}
}

func TestAuditUnresolved(t *testing.T) {
	pass := ports.TestReport{Parsed: true}
	tests := []struct {
		name    string
		sels    []ports.Selector
		list    []byte
		problem string
	}{
		{"a package no binding names", []ports.Selector{{Terms: []string{"^TestA$", "./a"}}},
			listOf([]string{"m/a", "TestA"}, []string{"m/b", "TestB"}), "package m/b ran, which no binding names"},
		{"an import path not run", []ports.Selector{{Terms: []string{"^TestA$", "m/c"}}},
			listOf([]string{"m/a", "TestA"}), "package m/c of a binding is not one the batch ran"},
		{"no module path fits", []ports.Selector{{Terms: []string{"^TestA$", "./a"}}, {Terms: []string{"^TestB$", "./b"}}},
			listOf([]string{"m/a", "TestA"}, []string{"n/b", "TestB"}), "the packages it ran do not match the bindings' package patterns"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, anomalies, ok := gotest.New().Audit(tt.list, tt.sels, pass)
			require.True(t, ok)
			assert.Equal(t, []string{tt.problem}, anomalies)
		})
	}
	_, _, ok := gotest.New().Audit([]byte("not json\n"), []ports.Selector{{Terms: []string{"^TestA$", "./a"}}}, pass)
	assert.False(t, ok, "a listing that is not events cannot be read")
	_, _, ok = gotest.New().Audit([]byte(`{"Action":"fail","Package":"m/a"}`+"\n"), []ports.Selector{{Terms: []string{"^TestA$", "./a"}}}, pass)
	assert.False(t, ok, "a package that failed to list")
}
