package lifecycle

import (
	"fmt"
	"strings"

	"github.com/espectacular/ah/core/unit"
)

// ScenarioArgs resolves the arguments naming scenarios of one capability,
// given as "CAPABILITY ID..." or as "CAPABILITY/ID..." (the unit form of
// [scope] include, ah check and its completion: a trial typed `ah contract
// new hooks/<id>`). A scenario id never holds "/", so the form is decided
// by the first argument: one that names a capability (isCapability: its
// directory exists; a capability may be nested, "a/b") or holds no "/"
// keeps the first meaning; otherwise each argument is split at its last
// "/" (unit.Split). A trailing "/" (a completed directory) is dropped.
// Unlike unit.Match, which names both, a name that is a capability and the
// key of a scenario of its parent is the capability here: one command
// names one capability. Mixed or ambiguous forms are an InputError naming
// the forms that work.
func ScenarioArgs(args []string, isCapability func(string) bool) (string, []string, error) {
	if len(args) == 0 {
		return "", nil, nil
	}
	for _, a := range args {
		if err := checkName("scenario argument", a); err != nil {
			return "", nil, err
		}
	}
	first := strings.TrimSuffix(args[0], "/")
	if isCapability(first) || !strings.Contains(first, "/") {
		for _, id := range args[1:] {
			if strings.Contains(id, "/") {
				return "", nil, &InputError{fmt.Sprintf("%q is not a scenario id (ids never contain \"/\"): name the scenarios as %s %s or as %s",
					id, first, lastPart(id), id)}
			}
		}
		return first, nilIfEmpty(args[1:]), nil
	}
	capability, _ := unit.Split(first)
	var ids []string
	for _, a := range args {
		c, id := unit.Split(strings.TrimSuffix(a, "/"))
		if c == "" {
			return "", nil, &InputError{fmt.Sprintf("%q after %q: name every scenario as CAPABILITY/ID (%s/%s), or the capability once then the ids (%s %s %s)",
				a, args[0], capability, a, capability, lastPart(args[0]), a)}
		}
		if c != capability {
			return "", nil, &InputError{fmt.Sprintf("%q and %q are scenarios of two capabilities: name one capability per command", args[0], a)}
		}
		if id != "" {
			ids = append(ids, id)
		}
	}
	return capability, ids, nil
}

func lastPart(key string) string {
	_, id := unit.Split(key)
	return id
}

func nilIfEmpty(ids []string) []string {
	if len(ids) == 0 {
		return nil
	}
	return ids
}
