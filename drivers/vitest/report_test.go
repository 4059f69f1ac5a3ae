package vitest_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/espectacular/ah/drivers/driverstest"
	"github.com/espectacular/ah/drivers/vitest"
	"github.com/espectacular/ah/ports"
)

// TestStreamRealOutput reads stdout captured from real vitest with ah's
// reporter (testdata/reporter-all.cmd): the console output around the
// records is skipped, statuses and patterns come through, and the file
// that fails to import is a collection error.
func TestStreamRealOutput(t *testing.T) {
	const file = "/work/main/acceptance/testdata/fixtures/vitest-basic/test/calc.test.js > "
	cands := []string{"(?:adds)|(?:^top level)", "adds", "^top level"}
	s := vitest.NewStream(cands)
	_, err := s.Write(driverstest.Fixture(t, "reporter-all.stdout"))
	if err != nil {
		t.Fatal(err)
	}
	got := s.Report(ports.Result{ExitCode: 1})
	if !got.Parsed || len(got.Anomalies) > 0 {
		t.Fatalf("Parsed = %v, Anomalies = %q", got.Parsed, got.Anomalies)
	}
	var tests []string
	for _, tc := range got.Tests {
		tests = append(tests, fmt.Sprintf("%s %s %q", tc.Status, strings.TrimPrefix(tc.ID, file), tc.Selectors))
	}
	want := []string{
		`passed calc > add > adds two numbers ["(?:adds)|(?:^top level)" "adds"]`,
		`failed calc > add > fails on purpose []`,
		`skipped calc > add > is skipped []`,
		`skipped calc > add > is a todo []`,
		`passed top level passes ["(?:adds)|(?:^top level)" "^top level"]`,
	}
	if !reflect.DeepEqual(tests, want) {
		t.Errorf("tests =\n%s\nwant\n%s", strings.Join(tests, "\n"), strings.Join(want, "\n"))
	}
	if len(got.Errors) != 1 || got.Errors[0].Kind != vitest.KindCollection || !strings.HasSuffix(got.Errors[0].Location, "test/broken-import.test.js") {
		t.Errorf("Errors = %+v, want one collection error in test/broken-import.test.js", got.Errors)
	}
	if !strings.Contains(got.Tests[1].Message, "AssertionError: expected 4 to be 5") {
		t.Errorf("failure message = %q", got.Tests[1].Message)
	}
}

func TestReporterArgs(t *testing.T) {
	got := vitest.ReporterArgs("/tmp/ah/ah-reporter.mjs")
	want := []string{"--reporter=default", "--reporter=/tmp/ah/ah-reporter.mjs"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ReporterArgs() = %q, want %q", got, want)
	}
}
