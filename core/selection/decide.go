package selection

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/config"
)

// Contract is one contract whose tests may run.
type Contract struct {
	// Key is <capability>/<scenario-id>.
	Key        string
	Capability string
	// Named are the paths its bindings' flags and commands name (Named).
	Named []string
}

// Decision is what runs and why: the report's data.selection.
type Decision struct {
	Source     string
	Base, Head string
	// ChangedFiles is the changed-file set the decision was drawn from.
	ChangedFiles []string
	// Selected are the capabilities and SelectedContracts the contract
	// keys that run; Skipped the contract keys that do not. All sorted.
	Selected          []string
	SelectedContracts []string
	Skipped           []string
	// Fallback says why every contract runs although a change was asked
	// for; empty when the selection narrowed, or with --all-tests.
	Fallback string
}

// Runs reports whether the contract with this key runs.
func (d Decision) Runs(key string) bool {
	_, found := slices.BinarySearch(d.Skipped, key)
	return !found
}

// namedLimit is how many unmapped files a fallback reason names.
const namedLimit = 3

// Decide selects the contracts the changes affect. known are the
// capabilities in scope. Any changed file that maps to nothing and is not
// ignored runs everything; so does a mapping that selects no contract.
func Decide(ch Changes, contracts []Contract, known []string, rules Rules) Decision {
	d := Decision{Source: ch.Source, Base: ch.Base, Head: ch.Head, ChangedFiles: nonNil(ch.Files)}
	switch {
	case ch.Source == AllTests:
		return everything(d, contracts, "")
	case ch.Problem != "":
		return everything(d, contracts, ch.Problem)
	}
	caps, keys := map[string]bool{}, map[string]bool{}
	var unmapped []string
	ignored := 0
	for _, f := range ch.Files {
		t := rules.mapFile(f, known, contracts)
		for _, c := range t.caps {
			caps[c] = true
		}
		for _, k := range t.contracts {
			keys[k] = true
		}
		switch {
		case t.ignored:
			ignored++
		case !t.mapped():
			unmapped = append(unmapped, f)
		}
	}
	if len(unmapped) > 0 {
		return everything(d, contracts, unmappedReason(unmapped))
	}
	var run, skip []string
	selected := map[string]bool{}
	for _, c := range contracts {
		if caps[c.Capability] || keys[c.Key] {
			run = append(run, c.Key)
			selected[c.Capability] = true
			continue
		}
		skip = append(skip, c.Key)
	}
	if len(run) == 0 {
		why := "the changed files select no contract"
		if ignored == len(ch.Files) {
			why = "every changed file is ignored by [selection] ignore"
		}
		return everything(d, contracts, why+", and a run of zero tests proves nothing")
	}
	d.Selected = slices.Sorted(maps.Keys(selected))
	d.SelectedContracts, d.Skipped = sorted(run), sorted(skip)
	return d
}

// everything runs every contract, with the reason when one is due.
func everything(d Decision, contracts []Contract, why string) Decision {
	caps := map[string]bool{}
	keys := make([]string, 0, len(contracts))
	for _, c := range contracts {
		caps[c.Capability] = true
		keys = append(keys, c.Key)
	}
	d.Selected = slices.Sorted(maps.Keys(caps))
	d.SelectedContracts, d.Skipped, d.Fallback = sorted(keys), []string{}, why
	return d
}

func unmappedReason(files []string) string {
	names := files[:min(len(files), namedLimit)]
	more := ""
	if n := len(files) - len(names); n > 0 {
		more = fmt.Sprintf(" and %d more", n)
	}
	what := "file maps"
	if len(files) > 1 {
		what = "files map"
	}
	return fmt.Sprintf("changed %s to no capability: %s%s; map them with [selection] paths, or list them in [selection] ignore, in %s",
		what, strings.Join(names, ", "), more, config.Path)
}

func sorted(xs []string) []string {
	out := nonNil(slices.Clone(xs))
	slices.Sort(out)
	return slices.Compact(out)
}

func nonNil(xs []string) []string {
	if xs == nil {
		return []string{}
	}
	return xs
}
