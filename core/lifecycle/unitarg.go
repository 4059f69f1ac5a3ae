package lifecycle

import (
	"fmt"
	"strings"
)

// ScenarioArgs resolves the arguments naming scenarios of one capability,
// given as "CAPABILITY ID..." or as "CAPABILITY/ID..." (the unit form of
// [scope] include, ah check and its completion: a trial typed `ah contract
// new hooks/<id>`). A scenario id never holds "/", so the form is decided
// by the first argument: one that names a capability (isCapability: its
// directory exists; a capability may be nested, "a/b") or holds no "/"
// keeps the first meaning; otherwise each argument is split at its last
// "/". A trailing "/" (a completed directory) is dropped. Mixed or
// ambiguous forms are an InputError naming the forms that work.
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
	capability, _ := splitUnit(first)
	var ids []string
	for _, a := range args {
		c, id := splitUnit(strings.TrimSuffix(a, "/"))
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

// splitUnit splits CAPABILITY/ID at its last "/" ("", unit when none).
func splitUnit(unit string) (string, string) {
	i := strings.LastIndex(unit, "/")
	if i < 0 {
		return "", unit
	}
	return unit[:i], unit[i+1:]
}

func lastPart(unit string) string {
	_, id := splitUnit(unit)
	return id
}

func nilIfEmpty(ids []string) []string {
	if len(ids) == 0 {
		return nil
	}
	return ids
}
