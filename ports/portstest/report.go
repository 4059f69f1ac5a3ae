package portstest

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/espectacular/ah/ports"
)

// CheckReport compares a parsed ports.TestReport with what a driver test
// expects: Parsed, the tests as "<status> <id>", the errors as
// "<kind> <location>", substrings of messages keyed by test id or error
// location, and how many tests ran (passed or failed).
func CheckReport(t testing.TB, got ports.TestReport, parsed bool, tests, errors []string,
	messages map[string]string, ran int,
) {
	t.Helper()
	if got.Parsed != parsed {
		t.Errorf("Parsed = %v, want %v", got.Parsed, parsed)
	}
	var gotTests, gotErrors []string
	msgs := map[string]string{}
	n := 0
	for _, tc := range got.Tests {
		gotTests = append(gotTests, fmt.Sprintf("%s %s", tc.Status, tc.ID))
		msgs[tc.ID] = tc.Message
		if tc.Status == ports.TestPassed || tc.Status == ports.TestFailed {
			n++
		}
	}
	for _, e := range got.Errors {
		gotErrors = append(gotErrors, e.Kind+" "+e.Location)
		msgs[e.Location] = e.Message
	}
	if !reflect.DeepEqual(gotTests, tests) {
		t.Errorf("tests = %q, want %q", gotTests, tests)
	}
	if !reflect.DeepEqual(gotErrors, errors) {
		t.Errorf("errors = %q, want %q", gotErrors, errors)
	}
	for key, want := range messages {
		if !strings.Contains(msgs[key], want) {
			t.Errorf("message of %s = %q, want it to contain %q", key, msgs[key], want)
		}
	}
	if n != ran {
		t.Errorf("passed+failed = %d, want %d", n, ran)
	}
}
