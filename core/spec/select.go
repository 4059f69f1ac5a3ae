package spec

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/spelling"
)

// UnknownUnitError is a unit argument (ah check <capability>[/<id>], ah
// sync <capability>) that names nothing in scope.
type UnknownUnitError struct {
	Arg string
	// Close are capability names near Arg, sorted.
	Close []string
	// CapabilitiesOnly is set where only capabilities are units (ah sync),
	// so the message does not offer scenario ids the command cannot take.
	CapabilitiesOnly bool
}

func (e *UnknownUnitError) Error() string {
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

// UnitSet is what unit arguments select: capabilities whole, and single
// scenarios by key (<capability>/<scenario-id>).
type UnitSet struct {
	all         bool
	whole, keys map[string]bool
}

// Whole reports whether capability is selected with all its scenarios.
func (s UnitSet) Whole(capability string) bool { return s.all || s.whole[capability] }

// Has reports whether the scenario key of capability is selected.
func (s UnitSet) Has(capability, key string) bool { return s.Whole(capability) || s.keys[key] }

// Select resolves unit arguments against the capabilities in scope and the
// scenario keys (nil where only capabilities are units). A capability
// selects itself and the capabilities nested under it, as a directory holds
// its subdirectories (a selects a and a/b, not ab); a name that is only a
// parent of nested capabilities selects them (x selects x/y); a key selects
// its one scenario. An argument naming none of these is an
// *UnknownUnitError. No args selects everything.
func Select(caps, keys map[string]bool, args []string) (UnitSet, error) {
	if len(args) == 0 {
		return UnitSet{all: true}, nil
	}
	parents := map[string]bool{}
	for c := range caps {
		for p := path.Dir(c); p != "."; p = path.Dir(p) {
			parents[p] = true
		}
	}
	named := map[string]bool{}
	sel := UnitSet{whole: map[string]bool{}, keys: map[string]bool{}}
	for _, a := range args {
		a = strings.Trim(a, "/")
		switch {
		case caps[a] || parents[a]:
			named[a] = true
		case keys[a]:
			sel.keys[a] = true
		default:
			return UnitSet{}, &UnknownUnitError{Arg: a, Close: closeNames(a, caps), CapabilitiesOnly: keys == nil}
		}
	}
	// Only capabilities in scope are whole: a contract directory that is no
	// capability stays out even under a named parent.
	for c := range caps {
		for p := c; p != "."; p = path.Dir(p) {
			if named[p] {
				sel.whole[c] = true
				break
			}
		}
	}
	return sel, nil
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
