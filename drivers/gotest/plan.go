package gotest

import (
	"regexp"
	"strconv"
	"strings"
)

// plan is what a `go test` command line lets the testing package run:
// the -run and -skip patterns, whether benchmarks run (-bench), and how many times
// each test runs (-count). A result the plan rules out was printed by
// something other than the testing package (a test writing go test's
// framing): it is never evidence (issue 36).
type plan struct {
	run   [][]*regexp.Regexp // nil: every test runs
	skip  [][]*regexp.Regexp // nil: none is skipped
	bench bool
	count int
}

// planOf reads the test flags of a go test command line; a flag given
// twice counts as the flag package counts it, the last one wins. A -run
// pattern ah does not mirror (compileRun) rules nothing out.
func planOf(flags []string) plan {
	p := plan{count: 1}
	for i := 0; i < len(flags); i++ {
		name, value, hasValue := strings.Cut(strings.TrimPrefix(flags[i], "-"), "=")
		name = strings.TrimPrefix(strings.TrimPrefix(name, "-"), "test.")
		if !strings.HasPrefix(flags[i], "-") || (name != "run" && name != "skip" && name != "bench" && name != "count") {
			continue
		}
		if !hasValue {
			if i+1 >= len(flags) {
				break
			}
			value, i = flags[i+1], i+1
		}
		switch name {
		case "run":
			p.run = compileRun(value)
		case "skip":
			p.skip = compileRun(value)
		case "bench":
			p.bench = value != ""
		case "count":
			if n, err := strconv.Atoi(value); err == nil && n > 0 {
				p.count = n
			}
		}
	}
	return p
}

// runs reports whether the testing package can run the test or subtest
// name under the plan: a benchmark only with -bench (and then -run does
// not filter it), anything else when -run selects it at all (a parent
// runs to reach its subtests) and -skip does not match it or a parent of
// it at every level.
func (p plan) runs(name string) bool {
	if strings.HasPrefix(name, "Benchmark") {
		return p.bench
	}
	if p.skip != nil && runs(p.skip, name, true) {
		return false
	}
	return p.run == nil || runs(p.run, name, false)
}
