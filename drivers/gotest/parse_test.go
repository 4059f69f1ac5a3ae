package gotest_test

import (
	"bytes"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/drivers/driverstest"
	"github.com/espectacular/ah/drivers/gotest"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

// Each testdata/<name>.json is real `go test -json` output; the command that
// produced it, and the fixture edits it needed, are in testdata/<name>.cmd.
func TestParse(t *testing.T) {
	const pkg = "example.com/gotestbasic"
	tests := []struct {
		name     string
		fixture  string
		parsed   bool
		tests    []string          // "<status> <id>" in stream order
		errors   []string          // "<kind> <location>"
		messages map[string]string // test id or error location -> substring of its message
		ran      int               // tests that passed or failed
	}{
		{
			name:    "all tests",
			fixture: "go-test-json-all.json",
			parsed:  true,
			tests: []string{
				"passed " + pkg + ".TestPass",
				"failed " + pkg + ".TestFail",
				"skipped " + pkg + ".TestSkip",
				"passed " + pkg + ".TestSub",
				"passed " + pkg + ".TestSub/child_a",
				"passed " + pkg + ".TestSub/child_b",
			},
			messages: map[string]string{
				pkg + ".TestFail": "calc_test.go:13: Add(2, 2) = 4, want 5",
				pkg + ".TestSkip": "calc_test.go:18: not implemented yet",
			},
			ran: 5,
		},
		{
			name:    "one passing test",
			fixture: "go-test-json-run-pass.json",
			parsed:  true,
			tests:   []string{"passed " + pkg + ".TestPass"},
			ran:     1,
		},
		{
			name:    "one failing test",
			fixture: "go-test-json-run-fail.json",
			parsed:  true,
			tests:   []string{"failed " + pkg + ".TestFail"},
			ran:     1,
		},
		{
			name:    "no tests to run",
			fixture: "go-test-json-run-none.json",
			parsed:  true,
		},
		{
			// A flag the test binary rejects is the invocation's problem
			// (issue 8), named by go's own line, not the usage listing.
			name:     "a test flag the binary does not define",
			fixture:  "go-test-json-bad-flag.json",
			parsed:   true,
			errors:   []string{"usage " + pkg},
			messages: map[string]string{pkg: "flag provided but not defined: -bogus"},
		},
		{
			name:     "build failure",
			fixture:  "go-test-json-build-fail.json",
			parsed:   true,
			errors:   []string{"build broken.go:3:28"},
			messages: map[string]string{"broken.go:3:28": "cannot use \"not an int\""},
		},
		{
			name:     "vet failure",
			fixture:  "go-test-json-vet-fail.json",
			parsed:   true,
			errors:   []string{"build vet_test.go:8:42"},
			messages: map[string]string{"vet_test.go:8:42": "fmt.Printf format %d has arg"},
		},
		{
			name:     "setup failure",
			fixture:  "go-test-json-setup-fail.json",
			parsed:   true,
			errors:   []string{"build ./nonexistent"},
			messages: map[string]string{"./nonexistent": "directory not found"},
		},
		{
			name:     "panic in TestMain",
			fixture:  "go-test-json-testmain-panic.json",
			parsed:   true,
			errors:   []string{"package " + pkg},
			messages: map[string]string{pkg: "panic: setup exploded"},
		},
		{
			name:     "panic in a test",
			fixture:  "go-test-json-panic.json",
			parsed:   true,
			tests:    []string{"passed " + pkg + ".TestPass", "failed " + pkg + ".TestPanic"},
			messages: map[string]string{pkg + ".TestPanic": "panic: boom"},
			ran:      2,
		},
		{
			name:    "timeout leaves a test unfinished",
			fixture: "go-test-json-timeout.json",
			parsed:  true,
			tests:   []string{"passed " + pkg + ".TestPass", "failed " + pkg + ".TestHang"},
			messages: map[string]string{
				pkg + ".TestHang": "test did not finish before the test binary exited\npanic: test timed out after 2s",
			},
			ran: 2,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := gotest.Parse(driverstest.Fixture(t, tt.fixture))
			portstest.CheckReport(t, got, tt.parsed, tt.tests, tt.errors, tt.messages, tt.ran)
		})
	}
}

func TestParseIncomplete(t *testing.T) {
	all := driverstest.Fixture(t, "go-test-json-all.json")
	lines := bytes.SplitAfter(all, []byte("\n"))
	tests := []struct {
		name  string
		input []byte
	}{
		{name: "empty", input: nil},
		{name: "text only", input: []byte("FAIL\texample.com/x [setup failed]\n")},
		{name: "cut mid-line", input: all[:len(all)-40]},
		{name: "cut before the package result", input: bytes.Join(lines[:len(lines)-4], nil)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := gotest.Parse(tt.input); got.Parsed {
				t.Errorf("Parse(%q).Parsed = true, want false", driverstest.Tail(tt.input))
			}
		})
	}
}

// TestArgs: runs ask for test2json events and leave go's test cache on
// (issue 29); -count=1 is the contract's choice.
func TestArgs(t *testing.T) {
	if got, want := gotest.Args(), []string{"-json"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Args() = %q, want %q", got, want)
	}
}

// TestStreamMatchesParse: the recorded fixtures give the same report when
// written in small pieces, lines split anywhere, as when parsed whole.
func TestStreamMatchesParse(t *testing.T) {
	for _, name := range []string{"go-test-json-all.json", "go-test-json-run-fail.json", "go-test-json-panic.json", "go-test-json-build-fail.json"} {
		data := driverstest.Fixture(t, name)
		s := gotest.NewStream()
		for chunk := range slices.Chunk(data, 7) {
			_, _ = s.Write(chunk)
		}
		assert.Equal(t, gotest.Parse(data), s.Report(ports.Result{}), name)
	}
}

// TestStreamBoundsOutput: a test that prints far more than a message holds
// keeps a bounded head and tail of its output, and the report still parses.
func TestStreamBoundsOutput(t *testing.T) {
	s := gotest.NewStream()
	line := `{"Action":"output","Package":"p","Test":"TestBig","Output":"` + strings.Repeat("x", 1000) + `\n"}` + "\n"
	_, _ = s.Write([]byte(`{"Action":"run","Package":"p","Test":"TestBig"}` + "\n"))
	for range 10000 {
		_, _ = s.Write([]byte(line))
	}
	_, _ = s.Write([]byte(`{"Action":"fail","Package":"p","Test":"TestBig"}` + "\n" + `{"Action":"fail","Package":"p"}` + "\n"))
	rep := s.Report(ports.Result{})
	require.True(t, rep.Parsed)
	require.Len(t, rep.Tests, 1)
	assert.Equal(t, ports.TestFailed, rep.Tests[0].Status)
	assert.LessOrEqual(t, len(rep.Tests[0].Message), gotest.MaxMessage+64)
}

// TestParseCached: a result go replayed from its test cache is marked
// Cached, by go's own last line for the package (issue 36); the same run
// fresh is not, and neither is a package whose test printed that line
// before go's own summary.
func TestParseCached(t *testing.T) {
	cached := gotest.Parse(driverstest.Fixture(t, "go-test-json-cached.json"))
	require.True(t, cached.Parsed)
	require.Len(t, cached.Tests, 1)
	assert.True(t, cached.Tests[0].Cached)

	fresh := gotest.Parse(driverstest.Fixture(t, "go-test-json-run-pass.json"))
	require.Len(t, fresh.Tests, 1)
	assert.False(t, fresh.Tests[0].Cached)

	forged := `{"Action":"start","Package":"m"}
{"Action":"run","Package":"m","Test":"TestA"}
{"Action":"pass","Package":"m","Test":"TestA"}
{"Action":"output","Package":"m","Output":"ok  \tm\t(cached)\n"}
{"Action":"output","Package":"m","Output":"ok  \tm\t0.003s\n"}
{"Action":"pass","Package":"m"}
`
	rep := gotest.Parse([]byte(forged))
	require.Len(t, rep.Tests, 1)
	assert.False(t, rep.Tests[0].Cached)
}
