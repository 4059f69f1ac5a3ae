package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/spelling"
)

// applyScope narrows r to [scope] of the config (issue 28: adopting ah one
// capability at a time). It returns the units left out: the report counts
// them as out of scope, never as passed, and their missing or orphan
// contracts are no findings. Without [scope] r is returned unchanged.
func applyScope(r Resolved, s config.Scope) (Resolved, []Unit) {
	if !s.Set() {
		return r, nil
	}
	in := func(capability, key string) bool {
		return s.In(capability, strings.TrimPrefix(key, capability+"/"))
	}
	caps := map[string]bool{}
	var out []Unit
	for _, u := range r.Units {
		if in(u.Capability, u.Key()) {
			caps[u.Capability] = true
		} else {
			out = append(out, u)
		}
	}
	file := func(capability string) bool { return caps[capability] || s.In(capability, "") }
	return narrow(r, in, s.In, file), out
}

// ScopeFindings are the unmatched-scope errors of [scope] entries that
// match no scenario of corpus (issue 39), each with the nearest
// capability or unit as a did-you-mean.
func ScopeFindings(corpus []Unit, s config.Scope) []finding.Finding {
	if !s.Set() {
		return nil
	}
	var keys, caps []string
	for _, u := range corpus {
		keys = append(keys, u.Key())
		if !slices.Contains(caps, u.Capability) {
			caps = append(caps, u.Capability)
		}
	}
	slices.Sort(caps)
	var out []finding.Finding
	for _, e := range s.Unmatched(keys) {
		hint := spelling.Hint(e.Pattern, append(slices.Clip(caps), keys...))
		if hint == "" && len(caps) > 0 && len(caps) <= 12 {
			hint = " (the capabilities are " + strings.Join(caps, ", ") + ")"
		}
		f := finding.New(finding.UnmatchedScope, fmt.Sprintf(
			"%s %q in %s matches no scenario%s; correct it to a capability, <capability>/<scenario-id> or a glob over those, or remove it",
			e.Key, e.Pattern, config.Path, hint))
		f.SpecPath = config.Path
		out = append(out, f)
	}
	return out
}
