package vitest_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/espectacular/ah/drivers/vitest"
	"github.com/espectacular/ah/ports/portstest"
)

// root is the directory the fixtures were captured in (see testdata/*.cmd);
// the JSON reporter names files by absolute path.
const root = "/work/main/acceptance/testdata/fixtures/vitest-basic"

// Each testdata/<name>.json is a real vitest JSON report; the command that
// produced it is in testdata/<name>.cmd.
func TestParse(t *testing.T) {
	const calc = "test/calc.test.js > "
	tests := []struct {
		name     string
		fixture  string
		root     string
		tests    []string          // "<status> <id>"
		errors   []string          // "<kind> <location>"
		messages map[string]string // test id or error location -> substring of its message
		ran      int
	}{
		{
			name:    "all tests",
			fixture: "vitest-json-all.json",
			root:    root,
			tests: []string{
				"passed " + calc + "calc add adds two numbers",
				"failed " + calc + "calc add fails on purpose",
				"skipped " + calc + "calc add is skipped",
				"skipped " + calc + "calc add is a todo",
				"passed " + calc + "top level passes",
			},
			errors: []string{"collection test/broken-import.test.js"},
			messages: map[string]string{
				calc + "calc add fails on purpose": "AssertionError: expected 4 to be 5",
				"test/broken-import.test.js":       "Cannot find module '../src/does-not-exist.js'",
			},
			ran: 3,
		},
		{
			name:    "one test selected by name",
			fixture: "vitest-json-name-pass.json",
			root:    root + "/",
			tests: []string{
				"passed " + calc + "calc add adds two numbers",
				"skipped " + calc + "calc add fails on purpose",
				"skipped " + calc + "calc add is skipped",
				"skipped " + calc + "calc add is a todo",
				"skipped " + calc + "top level passes",
			},
			ran: 1,
		},
		{
			name:    "name pattern matches nothing",
			fixture: "vitest-json-name-none.json",
			root:    root,
			tests: []string{
				"skipped " + calc + "calc add adds two numbers",
				"skipped " + calc + "calc add fails on purpose",
				"skipped " + calc + "calc add is skipped",
				"skipped " + calc + "calc add is a todo",
				"skipped " + calc + "top level passes",
			},
			errors: []string{"collection test/broken-import.test.js"},
		},
		{
			name:    "no test files found",
			fixture: "vitest-json-no-files.json",
			root:    root,
		},
		{
			name:    "files outside the root keep their absolute path",
			fixture: "vitest-json-name-pass.json",
			root:    "/elsewhere",
			tests: []string{
				"passed " + root + "/" + calc + "calc add adds two numbers",
				"skipped " + root + "/" + calc + "calc add fails on purpose",
				"skipped " + root + "/" + calc + "calc add is skipped",
				"skipped " + root + "/" + calc + "calc add is a todo",
				"skipped " + root + "/" + calc + "top level passes",
			},
			ran: 1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := vitest.Parse(readFixture(t, tt.fixture), tt.root)
			portstest.CheckReport(t, got, true, tt.tests, tt.errors, tt.messages, tt.ran)
		})
	}
}

func TestParseUnparseable(t *testing.T) {
	all := readFixture(t, "vitest-json-all.json")
	tests := []struct {
		name  string
		input []byte
	}{
		{name: "empty", input: nil},
		{name: "cut mid-way", input: all[:len(all)/2]},
		{name: "last byte missing", input: all[:len(strings.TrimSpace(string(all)))-1]},
		{name: "not a vitest report", input: []byte(`{"tests": []}`)},
		{name: "console output instead of JSON", input: []byte(" RUN  v4.1.12 /x\n")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := vitest.Parse(tt.input, root); got.Parsed {
				t.Errorf("Parse(%.40q).Parsed = true, want false", tt.input)
			}
		})
	}
}

func TestReporterArgs(t *testing.T) {
	got := vitest.ReporterArgs("/tmp/ah/ah-reporter.mjs")
	want := []string{"--reporter=default", "--reporter=/tmp/ah/ah-reporter.mjs"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ReporterArgs() = %q, want %q", got, want)
	}
}

func readFixture(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatalf("read fixture: %v", err)
	}
	return data
}
