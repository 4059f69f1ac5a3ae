package unit

import (
	"fmt"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/spelling"
)

// UnknownError is a unit argument (ah check CAPABILITY[/ID], ah sync
// CAPABILITY) that names nothing in scope, or a glob that cannot be
// parsed.
type UnknownError struct {
	Arg string
	// Close are capability names near Arg, sorted.
	Close []string
	// CapabilitiesOnly is set where only capabilities are units (ah sync),
	// so the message does not offer scenario ids the command cannot take.
	CapabilitiesOnly bool
	// BadGlob is set when Arg is a glob doublestar cannot parse.
	BadGlob bool
}

func (e *UnknownError) Error() string {
	if e.BadGlob {
		return fmt.Sprintf("%q is not a valid glob (%s); fix its brackets or braces", e.Arg, GlobSyntax)
	}
	what := "no capability and no <capability>/<scenario-id>"
	if e.CapabilitiesOnly {
		what = "no capability"
	}
	msg := fmt.Sprintf("%q names %s in scope", e.Arg, what)
	if len(e.Close) > 0 {
		msg += "; close capabilities: " + strings.Join(e.Close, ", ")
	}
	return msg
}

// Set is what unit arguments select (Match): capabilities whole, and
// single scenarios.
type Set struct {
	all  bool
	args []string
}

// Whole reports whether capability is selected with all its scenarios.
func (s Set) Whole(capability string) bool {
	return s.all || MatchAny(s.args, capability, "")
}

// Has reports whether the scenario of capability keyed key is selected.
func (s Set) Has(capability, key string) bool {
	return s.all || MatchAny(s.args, capability, strings.TrimPrefix(key, capability+"/"))
}

// Select resolves unit arguments (Match) against the capabilities in scope
// and the scenario keys (nil where only capabilities are units). An
// argument that names none of them is an *UnknownError. No args selects
// everything.
func Select(caps, keys map[string]bool, args []string) (Set, error) {
	if len(args) == 0 {
		return Set{all: true}, nil
	}
	sel := Set{}
	for _, a := range args {
		a = strings.Trim(a, "/")
		if !ValidPattern(a) {
			return Set{}, &UnknownError{Arg: a, CapabilitiesOnly: keys == nil, BadGlob: true}
		}
		if !names(a, caps, keys) {
			return Set{}, &UnknownError{Arg: a, Close: closeNames(a, caps), CapabilitiesOnly: keys == nil}
		}
		sel.args = append(sel.args, a)
	}
	return sel, nil
}

// names reports whether a names a capability of caps or a scenario of
// keys.
func names(a string, caps, keys map[string]bool) bool {
	for c := range caps {
		if Match(a, c, "") {
			return true
		}
	}
	for k := range keys {
		if c, id := Split(k); Match(a, c, id) {
			return true
		}
	}
	return false
}

// closeNames lists the capabilities within a small edit distance of arg,
// or sharing its first path segment, sorted.
func closeNames(arg string, caps map[string]bool) []string {
	var out []string
	head, _, _ := strings.Cut(arg, "/")
	for c := range caps {
		first, _, _ := strings.Cut(c, "/")
		if spelling.Distance(head, first) <= max(1, len(head)/3) || strings.Contains(c, head) || strings.Contains(head, c) {
			out = append(out, c)
		}
	}
	slices.Sort(out)
	return out
}
