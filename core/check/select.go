package check

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/spec"
	"github.com/espectacular/ah/core/spelling"
)

// UnknownUnitError is a unit argument (ah check <capability>[/<id>])
// that names no capability and no scenario in scope.
type UnknownUnitError struct {
	Arg string
	// Close are capability names near Arg, sorted.
	Close []string
}

func (e *UnknownUnitError) Error() string {
	msg := fmt.Sprintf("%q names no capability and no <capability>/<scenario-id> in scope", e.Arg)
	if len(e.Close) > 0 {
		msg += "; close capabilities: " + strings.Join(e.Close, ", ")
	}
	return msg
}

// selectUnits limits a resolved scope to the units args name: a whole
// capability (with the capabilities nested under it, as a directory holds
// its subdirectories), or one scenario as <capability>/<scenario-id>. A
// name that is only a parent of nested capabilities selects them. Contracts are
// kept (for orphan checks) only in whole capabilities, and near-miss
// headings only in their files. It returns how many units were left out,
// so the summary counts them as skipped, never as passed. No args selects
// everything.
func selectUnits(r resolved, args []string) (resolved, int, error) {
	if len(args) == 0 {
		return r, 0, nil
	}
	caps, keys := map[string]bool{}, map[string]bool{}
	for _, u := range r.units {
		caps[u.Capability], keys[u.Key()] = true, true
	}
	for _, f := range r.files {
		caps[f.Capability] = true
	}
	parents := map[string]bool{}
	for c := range caps {
		for p := path.Dir(c); p != "."; p = path.Dir(p) {
			parents[p] = true
		}
	}
	named, wantKeys := map[string]bool{}, map[string]bool{}
	for _, a := range args {
		a = strings.Trim(a, "/")
		switch {
		case caps[a] || parents[a]:
			named[a] = true
		case keys[a]:
			wantKeys[a] = true
		default:
			return r, 0, &UnknownUnitError{Arg: a, Close: closeNames(a, caps)}
		}
	}
	wholeCaps := map[string]bool{}
	for c := range caps {
		for p := c; p != "."; p = path.Dir(p) {
			if named[p] {
				wholeCaps[c] = true
				break
			}
		}
	}
	in := func(capability, key string) bool { return wholeCaps[capability] || wantKeys[key] }
	out := resolved{derived: r.derived, overlay: r.overlay}
	out.overlay.findings = slices.DeleteFunc(slices.Clone(r.overlay.findings), func(f finding.Finding) bool {
		id := ""
		if f.Scenario != nil {
			id = f.Scenario.ID
		}
		return !in(f.Spec, f.Spec+"/"+id)
	})
	for _, u := range r.units {
		if in(u.Capability, u.Key()) {
			out.units = append(out.units, u)
		}
	}
	for _, c := range r.collisions {
		if in(c.capability, c.capability+"/"+c.Second.ID) {
			out.collisions = append(out.collisions, c)
		}
	}
	for _, p := range r.contracts {
		if capability, _ := capabilityOf(p); wholeCaps[capability] {
			out.contracts = append(out.contracts, p)
		}
	}
	out.files = slices.DeleteFunc(slices.Clone(r.files), func(f spec.File) bool { return !wholeCaps[f.Capability] })
	return out, len(r.units) - len(out.units), nil
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
