package gotest_test

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/drivers/gotest"
	"github.com/espectacular/ah/ports"
)

// TestSourceArgv: the test files of a batch's packages come from `go
// list` with the build flags that choose files; a flag that could change
// them in a way not mirrored here declines, so `go test -list` decides.
func TestSourceArgv(t *testing.T) {
	sels := []ports.Selector{{Terms: []string{"^TestA$", "./a"}}, {Terms: []string{"^TestB$", "./b"}}, {Terms: []string{"^TestC$", "./a"}}}
	list := []string{"list", "-json=ImportPath,Dir,TestGoFiles,XTestGoFiles"}
	tests := []struct {
		name    string
		command []string
		want    []string
	}{
		{"plain", []string{"go", "test"}, append(append([]string{"go"}, list...), "./a", "./b")},
		{"test-only flags dropped, build tags kept", []string{"env", "X=1", "go", "test", "-json", "-count=1", "-v", "-tags=it", "-race"},
			append(append([]string{"env", "X=1", "go"}, list...), "-tags=it", "-race", "./a", "./b")},
		{"a two-word tag list declines", []string{"go", "test", "-tags", "it"}, nil},
		{"an overlay declines", []string{"go", "test", "-overlay=o.json"}, nil},
		{"not go test", []string{"gotestsum"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := gotest.New().SourceArgv(tt.command, sels)
			assert.Equal(t, tt.want != nil, ok)
			assert.Equal(t, tt.want, got)
		})
	}
}

// goListOf is `go list -json=ImportPath,Dir,TestGoFiles,XTestGoFiles`
// output: one object per package.
const goListOf = `{
	"ImportPath": "m/a",
	"Dir": "/repo/a",
	"TestGoFiles": ["a_test.go"],
	"XTestGoFiles": ["x_test.go"]
}
{
	"ImportPath": "m",
	"Dir": "/repo"
}
`

const aTest = `package a

import "testing"

func TestA(t *testing.T) {}
func TestÅngström(t *testing.T) {}
func Test(t *testing.T) {}
func Testify(t *testing.T) {}
func TestMain(m *testing.M) { m.Run() }
func BenchmarkA(b *testing.B) {}
func FuzzA(f *testing.F) {}
func helper() {}

type s struct{}

func (s) TestMethod(t *testing.T) {}
`

const xTest = `package a_test

import (
	"fmt"
	T "testing"
)

func TestX(t *T.T) {}

func ExampleA() {
	fmt.Println("a")
	// Output: a
}

func ExampleA_empty() {
	// Output:
}

func ExampleNoOutput() {}
`

// TestSourceListing: the names are what go test's generated main runs:
// Test, Benchmark, Fuzz and Example functions by go's own rules (no
// receiver; after the prefix, nothing lowercase; an example only with an
// output comment; TestMain only when it takes a *T), from both test
// packages; Audit reads the listing as it reads `go test -list`'s.
func TestSourceListing(t *testing.T) {
	repo := fstest.MapFS{"a/a_test.go": {Data: []byte(aTest)}, "a/x_test.go": {Data: []byte(xTest)}}
	listing, ok := gotest.New().SourceListing([]byte(goListOf), "/repo", repo)
	require.True(t, ok)
	sels := []ports.Selector{{Terms: []string{"^Test", "./a"}}, {Terms: []string{"^TestNone$", "."}}}
	pass := func(id string) ports.TestCase { return result(id, ports.TestPassed) }
	_, anomalies, ok := gotest.New().Audit(listing, sels, ports.TestReport{Parsed: true, Tests: []ports.TestCase{
		pass("m/a.TestA"), pass("m/a.TestÅngström"), pass("m/a.Test"), pass("m/a.TestX"), pass("m/a.ExampleA"),
		pass("m/a.ExampleA_empty"), pass("m/a.FuzzA"), pass("m/a.Testify"), pass("m/a.TestMethod"), pass("m/a.ExampleNoOutput"), pass("m/a.TestMain"),
	}})
	require.True(t, ok)
	assert.Equal(t, []string{
		"a result for m/a.Testify, which m/a does not define (its test files and go test -list name no such test)",
		"a result for m/a.TestMethod, which m/a does not define (its test files and go test -list name no such test)",
		"a result for m/a.ExampleNoOutput, which m/a does not define (its test files and go test -list name no such test)",
		"a result for m/a.TestMain, which m/a does not define (its test files and go test -list name no such test)",
	}, anomalies)
	_, anomalies, _ = gotest.New().Audit(listing, sels, ports.TestReport{Parsed: true, Tests: []ports.TestCase{pass("m/a.TestA")}})
	assert.Contains(t, anomalies, "no result for m/a.TestX, which the batch runs", "a listed test the union runs must report")
}

// TestSourceListingDeclines: a test file outside the repository, missing
// or not Go, and output that is not go list's, leave the listing to `go
// test -list`.
func TestSourceListingDeclines(t *testing.T) {
	repo := fstest.MapFS{"a/a_test.go": {Data: []byte(aTest)}, "a/x_test.go": {Data: []byte("package a_test\n\nfunc {")}}
	tests := []struct{ name, golist string }{
		{"a file that does not parse", goListOf},
		{"a file missing", `{"ImportPath": "m/b", "Dir": "/repo/b", "TestGoFiles": ["b_test.go"]}`},
		{"a package outside the repository", `{"ImportPath": "o", "Dir": "/elsewhere/o", "TestGoFiles": ["o_test.go"]}`},
		{"a package above it", `{"ImportPath": "o", "Dir": "/", "TestGoFiles": ["o_test.go"]}`},
		{"a file name with a directory", `{"ImportPath": "m/a", "Dir": "/repo", "TestGoFiles": ["a/a_test.go"]}`},
		{"not go list output", `ok  m/a`},
		{"no package", ``},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, ok := gotest.New().SourceListing([]byte(tt.golist), "/repo", repo)
			assert.False(t, ok)
		})
	}
}
