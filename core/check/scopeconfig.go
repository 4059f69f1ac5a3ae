package check

import (
	"strings"

	"github.com/espectacular/ah/core/config"
)

// applyScope narrows r to [scope] of the config (issue 28: adopting ah one
// capability at a time). It returns the units left out: the report counts
// them as out of scope, never as passed, and their missing or orphan
// contracts are no findings. Without [scope] r is returned unchanged.
func applyScope(r resolved, s config.Scope) (resolved, []Unit) {
	if !s.Set() {
		return r, nil
	}
	in := func(capability, key string) bool {
		return s.In(capability, strings.TrimPrefix(key, capability+"/"))
	}
	caps := map[string]bool{}
	var out []Unit
	for _, u := range r.units {
		if in(u.Capability, u.Key()) {
			caps[u.Capability] = true
		} else {
			out = append(out, u)
		}
	}
	file := func(capability string) bool { return caps[capability] || s.In(capability, "") }
	return narrow(r, in, s.In, file), out
}
