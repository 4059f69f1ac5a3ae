package gotest_test

import (
	"strings"

	"github.com/espectacular/ah/ports"
)

// result is the TestCase the parser gives for id, `<import path>.<Name>`:
// the package ends at the first dot followed by a name go test runs (the
// ids of these tests are chosen so that this is unambiguous).
func result(id string, status ports.TestStatus) ports.TestCase {
	for i := 0; i < len(id); i++ {
		if id[i] != '.' {
			continue
		}
		for _, p := range []string{"Test", "Example", "Fuzz", "Benchmark"} {
			if strings.HasPrefix(id[i+1:], p) {
				return ports.TestCase{ID: id, Path: []string{id[:i], id[i+1:]}, Status: status}
			}
		}
	}
	panic("no test name in " + id)
}
