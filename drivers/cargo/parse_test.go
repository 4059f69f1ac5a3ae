package cargo_test

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/espectacular/ah/drivers/cargo"
	"github.com/espectacular/ah/drivers/driverstest"
	"github.com/espectacular/ah/ports/portstest"
)

// Each testdata/<name>.stdout and .stderr pair is real `cargo test` output;
// the command that produced it, and the fixture edits it needed, are in
// testdata/<name>.cmd.
func TestParse(t *testing.T) {
	tests := []struct {
		name     string
		fixture  string
		parsed   bool
		tests    []string          // "<status> <id>"
		errors   []string          // "<kind> <location>"
		messages map[string]string // test id or error location -> substring of its message
		ran      int
	}{
		{
			name:    "unit failure stops cargo before the other binaries",
			fixture: "cargo-test-default",
			parsed:  true,
			tests: []string{
				"passed tests::adds_two_numbers",
				"skipped tests::is_ignored",
				"passed tests::nested::deep_pass",
				"failed tests::fails_on_purpose",
			},
			messages: map[string]string{
				"tests::fails_on_purpose": "assertion `left == right` failed: two plus two\n  left: 4\n right: 5",
				"tests::is_ignored":       "not implemented yet",
			},
			ran: 3,
		},
		{
			name:    "no fail fast runs every binary",
			fixture: "cargo-test-no-fail-fast",
			parsed:  true,
			tests: []string{
				"passed tests::adds_two_numbers",
				"failed tests::fails_on_purpose",
				"skipped tests::is_ignored",
				"passed tests::nested::deep_pass",
				"passed adds_via_public_api",
				"passed src/lib.rs - add (line 5)",
			},
			messages: map[string]string{"tests::fails_on_purpose": "panicked at src/lib.rs:23:9"},
			ran:      5,
		},
		{
			// Regression: the last binary (doc-tests) reports `0 passed`; the
			// run still executed a test in the first binary.
			name:    "exact filter with a final empty doc-test binary",
			fixture: "cargo-test-exact-pass",
			parsed:  true,
			tests:   []string{"passed tests::adds_two_numbers"},
			ran:     1,
		},
		{
			name:    "exact filter matching nothing",
			fixture: "cargo-test-exact-none",
			parsed:  true,
		},
		{
			name:     "type error",
			fixture:  "cargo-test-build-fail-type",
			parsed:   true,
			errors:   []string{"build src/lib.rs:39:26"},
			messages: map[string]string{"src/lib.rs:39:26": "error[E0308]: mismatched types\n  --> src/lib.rs:39:26"},
		},
		{
			name:     "syntax error",
			fixture:  "cargo-test-build-fail-syntax",
			parsed:   true,
			errors:   []string{"build src/lib.rs:39:36"},
			messages: map[string]string{"src/lib.rs:39:36": "error: expected one of"},
		},
		{
			name:    "test binary aborted",
			fixture: "cargo-test-abort",
			parsed:  false,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr := readFixture(t, tt.fixture)
			got := cargo.Parse(stdout, stderr)
			portstest.CheckReport(t, got, tt.parsed, tt.tests, tt.errors, tt.messages, tt.ran)
		})
	}
}

func TestParseIncomplete(t *testing.T) {
	stdout, stderr := readFixture(t, "cargo-test-no-fail-fast")
	lastResult := bytes.LastIndex(stdout, []byte("test result:"))
	tests := []struct {
		name           string
		stdout, stderr []byte
	}{
		{name: "nothing", stdout: nil, stderr: nil},
		{name: "cut before the last result line", stdout: stdout[:lastResult], stderr: stderr},
		{
			name:   "counts disagree with test lines",
			stdout: bytes.Replace(stdout, []byte("test adds_via_public_api ... ok\n"), nil, 1),
			stderr: stderr,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := cargo.Parse(tt.stdout, tt.stderr); got.Parsed {
				t.Errorf("Parse().Parsed = true, want false")
			}
		})
	}
}

// An error cargo prints before any test binary runs, without a compile
// error, is the invocation's problem: an argument cargo rejects, a target
// or manifest that is not there (issue 8: fix_tool_invocation).
func TestParseUsageError(t *testing.T) {
	stdout, stderr := readFixture(t, "cargo-test-unknown-flag")
	got := cargo.Parse(stdout, stderr)
	portstest.CheckReport(t, got, true, nil, []string{"usage "}, map[string]string{"": "unexpected argument '--bogus' found"}, 0)

	none := cargo.Parse(nil, []byte("error: could not find `Cargo.toml` in `/tmp` or any parent directory\n"))
	portstest.CheckReport(t, none, true, nil, []string{"usage "}, map[string]string{"": "could not find `Cargo.toml`"}, 0)
}

// CARGO_TERM_COLOR=always colours cargo's stderr even in a pipe.
func TestParseStripsColour(t *testing.T) {
	stdout, stderr := readFixture(t, "cargo-test-build-fail-type")
	coloured := bytes.ReplaceAll(stderr, []byte("error[E0308]"), []byte("\x1b[0m\x1b[1m\x1b[38;5;9merror[E0308]\x1b[0m"))
	coloured = bytes.ReplaceAll(coloured, []byte("error: could not compile"), []byte("\x1b[1m\x1b[91merror\x1b[0m: could not compile"))
	got := cargo.Parse(stdout, coloured)
	portstest.CheckReport(t, got, true, nil, []string{"build src/lib.rs:39:26"}, nil, 0)
}

func TestArgs(t *testing.T) {
	if got, want := cargo.Args(), []string{"--no-fail-fast", "--color=never"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Args() = %q, want %q", got, want)
	}
}

func readFixture(t *testing.T, name string) (stdout, stderr []byte) {
	t.Helper()
	return driverstest.Fixture(t, name+".stdout"), driverstest.Fixture(t, name+".stderr")
}
