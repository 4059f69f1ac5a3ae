package changelog

import (
	"slices"
	"strconv"
	"strings"
)

// Kind says what an entry changes.
type Kind string

// Entry kinds, in the order ah upgrade reports them within a version.
const (
	Archetype Kind = "archetype"
	Finding   Kind = "finding_kind"
	ConfigKey Kind = "config_key"
	Default   Kind = "changed_default"
	Command   Kind = "command"
)

// Entry is one change a release brought.
type Entry struct {
	Version string
	Kind    Kind
	// Name is the archetype code, finding kind, config key, default or
	// command the entry is about.
	Name string
	Text string
}

// Between returns the entries of every release newer than from and no newer
// than to, oldest release first, in table order within a release. An empty
// or unparsable from counts as older than every release.
func Between(from, to string) []Entry {
	var out []Entry
	for _, e := range entries {
		if Compare(e.Version, from) > 0 && Compare(e.Version, to) <= 0 {
			out = append(out, e)
		}
	}
	slices.SortStableFunc(out, func(a, b Entry) int { return Compare(a.Version, b.Version) })
	return out
}

// All returns the whole table.
func All() []Entry { return slices.Clone(entries) }

// Compare compares dotted numeric versions ("0.10.1" > "0.9", a leading "v"
// ignored). A version that is not of that form sorts before every valid one.
func Compare(a, b string) int {
	pa, oka := parse(a)
	pb, okb := parse(b)
	switch {
	case !oka && !okb:
		return strings.Compare(a, b)
	case !oka:
		return -1
	case !okb:
		return 1
	}
	return slices.Compare(pad(pa, len(pb)), pad(pb, len(pa)))
}

// Valid reports whether v is a dotted numeric version.
func Valid(v string) bool {
	_, ok := parse(v)
	return ok
}

func parse(v string) ([]int, bool) {
	v = strings.TrimPrefix(strings.TrimSpace(v), "v")
	if v == "" {
		return nil, false
	}
	parts := strings.Split(v, ".")
	out := make([]int, len(parts))
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || p == "" || strings.HasPrefix(p, "+") {
			return nil, false
		}
		out[i] = n
	}
	return out, true
}

func pad(xs []int, n int) []int {
	for len(xs) < n {
		xs = append(xs, 0)
	}
	return xs
}
