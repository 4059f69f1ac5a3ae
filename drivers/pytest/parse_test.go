package pytest_test

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/espectacular/ah/drivers/driverstest"
	"github.com/espectacular/ah/drivers/pytest"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

const (
	basic   = "tests/test_basic.py::"
	missing = "tests/test_missing_fixture.py::test_uses_missing_fixture"
	explode = "tests/test_setup_error.py::test_uses_exploding_fixture"
	outcome = "tests/test_outcomes.py::"
)

var basicTests = []string{
	"passed " + basic + "test_passes",
	"failed " + basic + "test_fails",
	"skipped " + basic + "test_skipped",
	"passed " + basic + "test_param[1-1-2]",
	"passed " + basic + "test_param[2-3-5]",
	"passed " + basic + "TestGroup::test_in_class",
}

// Each testdata/<name>.jsonl was written by plugin/ah_pytest_report.py during
// a real pytest run; the command is in testdata/<name>.cmd.
func TestParse(t *testing.T) {
	tests := []struct {
		name     string
		fixture  string
		tests    []string          // "<status> <id>"
		errors   []string          // "<kind> <location>"
		messages map[string]string // test id or error location -> substring of its message
		ran      int
		classify string
	}{
		{
			name:     "collection errors interrupt the session",
			fixture:  "pytest-all",
			errors:   []string{"import tests/test_import_error.py", "collection tests/test_syntax_error.py"},
			classify: pytest.TypeImportError,
		},
		{
			name:    "continue on collection errors",
			fixture: "pytest-continue-on-collection-errors",
			tests: append(append([]string{}, basicTests...),
				"failed "+missing,
				"skipped "+outcome+"test_xfail",
				"passed "+outcome+"test_xpass",
				"skipped "+outcome+"test_skip_in_body",
				"failed "+outcome+"test_teardown_error",
				"failed "+explode,
			),
			errors: []string{
				"import tests/test_import_error.py",
				"collection tests/test_syntax_error.py",
				"fixture " + missing,
			},
			messages: map[string]string{
				"tests/test_import_error.py": "No module named 'module_that_does_not_exist'",
				"tests/test_syntax_error.py": "SyntaxError: invalid syntax",
			},
			ran:      9,
			classify: pytest.TypeImportError,
		},
		{
			name:    "one file",
			fixture: "pytest-basic-file",
			tests:   basicTests,
			messages: map[string]string{
				basic + "test_fails":   "AssertionError: two plus two",
				basic + "test_skipped": "Skipped: not implemented yet",
			},
			ran: 5,
		},
		{
			name:    "xfail, xpass, skip at run time, teardown error",
			fixture: "pytest-outcomes",
			tests: []string{
				"skipped " + outcome + "test_xfail",
				"passed " + outcome + "test_xpass",
				"skipped " + outcome + "test_skip_in_body",
				"failed " + outcome + "test_teardown_error",
			},
			messages: map[string]string{
				outcome + "test_skip_in_body":   "skipped at run time",
				outcome + "test_teardown_error": "RuntimeError: teardown exploded",
			},
			ran: 2,
		},
		{
			name:    "one node id",
			fixture: "pytest-pass-only",
			tests:   []string{"passed " + basic + "test_passes"},
			ran:     1,
		},
		{
			name:     "missing fixture",
			fixture:  "pytest-missing-fixture",
			tests:    []string{"failed " + missing},
			errors:   []string{"fixture " + missing},
			messages: map[string]string{missing: "fixture 'no_such_fixture' not found"},
			ran:      1,
			classify: pytest.TypeFixtureError,
		},
		{
			name:     "import error",
			fixture:  "pytest-import-error",
			errors:   []string{"import tests/test_import_error.py"},
			classify: pytest.TypeImportError,
		},
		{
			name:     "syntax error",
			fixture:  "pytest-syntax-error",
			errors:   []string{"collection tests/test_syntax_error.py"},
			classify: pytest.TypeCollectionError,
		},
		{
			name:     "setup error other than a missing fixture",
			fixture:  "pytest-setup-error",
			tests:    []string{"failed " + explode},
			messages: map[string]string{explode: "RuntimeError: fixture setup exploded"},
			ran:      1,
		},
		{name: "no tests collected", fixture: "pytest-no-tests"},
		{name: "node id not found", fixture: "pytest-not-found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := pytest.Parse(readFixture(t, tt.fixture))
			portstest.CheckReport(t, got, true, tt.tests, tt.errors, tt.messages, tt.ran)
			if c := pytest.Classify(got); c != tt.classify {
				t.Errorf("Classify() = %q, want %q", c, tt.classify)
			}
		})
	}
}

func TestParseIncomplete(t *testing.T) {
	full := readFixture(t, "pytest-continue-on-collection-errors")
	lines := bytes.SplitAfter(full, []byte("\n"))
	tests := []struct {
		name  string
		input []byte
	}{
		{name: "empty", input: nil},
		{name: "last line cut", input: full[:len(full)-30]},
		{name: "last newline missing", input: full[:len(full)-1]},
		{name: "session line missing", input: bytes.Join(lines[:len(lines)-2], nil)},
		{name: "not JSON", input: []byte("============================= test session starts\n")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := pytest.Parse(tt.input); got.Parsed {
				t.Errorf("Parse(...%q).Parsed = true, want false", driverstest.Tail(tt.input))
			}
		})
	}
}

func TestClassifyPrecedence(t *testing.T) {
	errs := func(kinds ...string) ports.TestReport {
		r := ports.TestReport{Parsed: true}
		for _, k := range kinds {
			r.Errors = append(r.Errors, ports.ReportError{Kind: k})
		}
		return r
	}
	tests := []struct {
		name   string
		report ports.TestReport
		want   string
	}{
		{name: "none", report: errs(), want: ""},
		{name: "collection only", report: errs("collection"), want: pytest.TypeCollectionError},
		{name: "fixture beats collection", report: errs("collection", "fixture"), want: pytest.TypeFixtureError},
		{name: "import beats all", report: errs("fixture", "collection", "import"), want: pytest.TypeImportError},
		{name: "other kinds ignored", report: errs("build"), want: ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := pytest.Classify(tt.report); got != tt.want {
				t.Errorf("Classify(%v) = %q, want %q", tt.report.Errors, got, tt.want)
			}
		})
	}
}

func TestPlugin(t *testing.T) {
	if got, want := pytest.PluginArgs(), []string{"-p", "ah_pytest_report"}; !reflect.DeepEqual(got, want) {
		t.Errorf("PluginArgs() = %q, want %q", got, want)
	}
	src := string(pytest.PluginSource)
	for _, want := range []string{`KEY_FILE = "` + pytest.KeyFile + `"`, "def pytest_configure(config):"} {
		if !strings.Contains(src, want) {
			t.Errorf("PluginSource does not contain %q", want)
		}
	}
}

func readFixture(t *testing.T, name string) []byte {
	t.Helper()
	return driverstest.Fixture(t, name+".jsonl")
}
