package gotest

import (
	"slices"
	"strings"

	"github.com/espectacular/ah/ports"
)

var _ ports.Corroborator = Driver{}

// SkipFlag is go test's flag naming tests and subtests not to run.
const SkipFlag = "-skip"

// CorroborateArgv implements ports.Corroborator: argv with every subtest
// alternative of the selections' -run patterns (those of more than one
// level) in -skip, joined with `|`, which go test splits into the same
// alternatives and levels as -run. The testing package never skips a
// test on a partial match, so every parent still runs, and every test the
// run selected runs again (a paused parallel parent's subtest framing can
// be printed by any test). A -skip the runner already sets is kept, as
// an alternative of the new one.
func (Driver) CorroborateArgv(words []string, sels []ports.Selector) ([]string, bool) {
	at := testAt(words)
	if at < 0 {
		return nil, false
	}
	var skip []string
	for _, s := range sels {
		if len(s.Terms) <= termRun {
			return nil, false
		}
		for _, a := range subtestAlternatives(s.Terms[termRun]) {
			if !slices.Contains(skip, a) {
				skip = append(skip, a)
			}
		}
	}
	if len(skip) == 0 {
		return nil, false
	}
	out := slices.Clone(words)
	for i := at + 1; i < len(out); i++ {
		name, value, hasValue := strings.Cut(out[i], "=")
		if name != SkipFlag && name != "--skip" && name != "-test.skip" && name != "--test.skip" {
			continue
		}
		if !hasValue {
			if i+1 >= len(out) {
				return nil, false
			}
			out[i+1] = out[i+1] + "|" + strings.Join(skip, "|")
			return out, true
		}
		out[i] = name + "=" + value + "|" + strings.Join(skip, "|")
		return out, true
	}
	return slices.Concat(out[:at+1], []string{SkipFlag, strings.Join(skip, "|")}, out[at+1:]), true
}

// Forged implements ports.Corroborator: for each selection, the first
// result of the corroboration for a name one of its subtest alternatives
// selects fully, in its own package once Audit resolved it. The
// corroboration skipped those names, so the testing package never ran
// them: the stream counts such a result as unrunnable (plan.go).
func (Driver) Forged(sels []ports.Selector, rep ports.TestReport) []string {
	out := make([]string, len(sels))
	for i, s := range sels {
		if len(s.Terms) <= termRun {
			continue
		}
		alts := subtestAlternatives(s.Terms[termRun])
		if len(alts) == 0 {
			continue
		}
		sub := ports.Selector{Terms: slices.Concat([]string{strings.Join(alts, "|")}, s.Terms[termRun+1:])}
		for _, tc := range slices.Concat(rep.Unrunnable, rep.Tests) {
			if (Driver{}).Matches(sub, tc) {
				out[i] = tc.ID
				break
			}
		}
	}
	return out
}

// subtestAlternatives are the alternatives of a -run pattern that select
// subtests (more than one level), as text.
func subtestAlternatives(run string) []string {
	var out []string
	for _, alt := range splitRun(run) {
		if len(alt) > 1 {
			out = append(out, strings.Join(alt, "/"))
		}
	}
	return out
}

var _ ports.RunSelector = Driver{}

// RunSelection implements ports.RunSelector: the -run pattern among any
// flags (`-run X`, `-run=X`, `-test.run`; the last one wins, as the flag
// package counts), matched in any package. ok is false without -run,
// with a pattern ah does not mirror, or with `-args` (what follows it is
// the test binary's, which ah does not read).
func (Driver) RunSelection(flags []string) (ports.Selector, bool) {
	run, found := "", false
	for i := 0; i < len(flags); i++ {
		name, value, hasValue := strings.Cut(flags[i], "=")
		switch strings.TrimPrefix(strings.TrimPrefix(name, "-"), "-") {
		case "args":
			if strings.HasPrefix(flags[i], "-") {
				return ports.Selector{}, false
			}
		case "run", "test.run":
			if !strings.HasPrefix(flags[i], "-") {
				continue
			}
			if !hasValue {
				if i+1 >= len(flags) {
					return ports.Selector{}, false
				}
				value, i = flags[i+1], i+1
			}
			run, found = value, true
		}
	}
	if !found || run == "" || compileRun(run) == nil {
		return ports.Selector{}, false
	}
	return ports.Selector{Terms: []string{run, ""}}, true
}
