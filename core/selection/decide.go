package selection

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/ports"
)

// Contract is one contract whose tests may run.
type Contract struct {
	// Key is <capability>/<scenario-id>.
	Key        string
	Capability string
	// Bindings are its test bindings, in order.
	Bindings []Binding
}

// Binding is one test binding as selection sees it.
type Binding struct {
	// Framework names what runs it, for reasons: an adapter name ("go"),
	// "custom" or "shell".
	Framework string
	// Argv is its resolved invocation, for the framework's graph.
	Argv []string
	// Grapher, when set, computes the framework's dependency graph; nil
	// means there is none, so every changed file the layout and glob
	// rules do not claim selects the binding.
	Grapher ports.Grapher
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
	// Reasons say, per selected contract in key order, the first changed
	// file that selected it and by which rule; empty with a Fallback.
	Reasons []Reason
}

// Reason is why one contract was selected.
type Reason struct {
	Contract, File string
	// Rule is one of the Rule constants; Detail names the capability, the
	// package or the framework the rule went through.
	Rule, Detail string
}

// Rules by which a changed file selects a contract.
const (
	// RuleSpecLayout: the file is in the capability's spec or contract tree.
	RuleSpecLayout = "spec-layout"
	// RuleSelectionPaths: a [selection] paths glob of the capability.
	RuleSelectionPaths = "selection-paths"
	// RuleDependency: the binding's tests depend on the file's package in
	// the framework's graph.
	RuleDependency = "dependency"
	// RuleBuildFile: the file changes every build of the framework (go.mod).
	RuleBuildFile = "build-file"
	// RuleNoGraph: the binding's framework has no dependency graph, so
	// any file may affect it.
	RuleNoGraph = "no-graph"
	// RuleUnaccounted: no spec layout, graph or [selection] ignore
	// accounts for the file, so every contract runs (issue 35).
	RuleUnaccounted = "unaccounted"
	// RuleNotProven: ah check --carry runs a contract no changed file
	// affects because the snapshot holds no pass of it (issue 41).
	RuleNotProven = "not-proven"
)

// Runs reports whether the contract with this key runs.
func (d Decision) Runs(key string) bool {
	_, found := slices.BinarySearch(d.Skipped, key)
	return !found
}

// namedLimit is how many unaccounted files a fallback reason names.
const namedLimit = 3

// Decide selects the contracts the changes affect (issue 35: nothing
// narrows on a file ah cannot account for). A changed file is accounted
// for by the spec layout, by a node of a framework's dependency graph gs,
// or by a [selection] ignore glob; it then selects the union of everything
// that claims it: its layout capability, every [selection] paths glob,
// every graph, and every binding without a graph unless the layout or
// ignore accounts for it. A glob adds capabilities and never accounts for
// a file. A file nothing accounts for runs every contract, as do a graph
// that could not be computed and a decision selecting no contract. known
// are the capabilities in scope.
func Decide(ch Diff, contracts []Contract, known []string, rules Rules, gs Graphs) Decision {
	d := Decision{Source: ch.Source, Base: ch.Base, Head: ch.Head, ChangedFiles: nonNil(ch.Files), Reasons: []Reason{}}
	switch {
	case ch.Source == AllTests:
		return everything(d, contracts, "")
	case ch.Problem != "":
		return everything(d, contracts, ch.Problem)
	case ch.Source == Snapshot && len(ch.Files) == 0:
		// Nothing changed since the snapshot: no contract is affected.
		d.Selected, d.SelectedContracts, d.Skipped = []string{}, []string{}, []string{}
		for _, c := range contracts {
			d.Skipped = append(d.Skipped, c.Key)
		}
		d.Skipped = sorted(d.Skipped)
		return d
	case gs.Problem != "":
		return everything(d, contracts, gs.Problem)
	}
	why := map[string]Reason{}
	pick := func(c Contract, r Reason) {
		if _, ok := why[c.Key]; !ok {
			r.Contract = c.Key
			why[c.Key] = r
		}
	}
	graphless := map[string]string{} // contract key -> a framework without a graph
	for ci, c := range contracts {
		for bi, b := range c.Bindings {
			if gs.uses(ci, bi) == nil {
				graphless[c.Key] = b.Framework
				break
			}
		}
	}
	var unaccounted []string
	ignored := 0
	for _, f := range ch.Files {
		t := rules.mapFile(f, known)
		for _, c := range contracts {
			switch {
			case slices.Contains(t.layout, c.Capability):
				pick(c, Reason{File: f, Rule: RuleSpecLayout, Detail: c.Capability})
			case slices.Contains(t.globs, c.Capability):
				pick(c, Reason{File: f, Rule: RuleSelectionPaths, Detail: c.Capability})
			}
		}
		if t.spec {
			continue
		}
		graphed := gs.decide(f, contracts, pick)
		switch {
		case t.ignored:
			ignored++
			continue
		case !graphed:
			unaccounted = append(unaccounted, f)
			continue
		}
		for _, c := range contracts {
			if fw, ok := graphless[c.Key]; ok {
				pick(c, Reason{File: f, Rule: RuleNoGraph, Detail: fw})
			}
		}
	}
	if len(unaccounted) > 0 {
		d = everything(d, contracts, unaccountedReason(unaccounted, contracts))
		for _, k := range d.SelectedContracts {
			d.Reasons = append(d.Reasons, Reason{Contract: k, File: unaccounted[0], Rule: RuleUnaccounted, Detail: "nothing accounts for it"})
		}
		return d
	}
	var run, skip []string
	selected := map[string]bool{}
	for _, c := range contracts {
		if _, ok := why[c.Key]; ok {
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
	for _, k := range d.SelectedContracts {
		d.Reasons = append(d.Reasons, why[k])
	}
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

// unaccountedReason names the first files nothing accounts for. It
// offers [selection] ignore only when every one of them is documentation
// that no binding names: ignoring a source, a test file or a test
// configuration could hide a failing test.
func unaccountedReason(files []string, contracts []Contract) string {
	names := files[:min(len(files), namedLimit)]
	more := ""
	if n := len(files) - len(names); n > 0 {
		more = fmt.Sprintf(" and %d more", n)
	}
	what, them := "changed file", "it"
	if len(files) > 1 {
		what, them = "changed files", "them"
	}
	why := fmt.Sprintf("nothing accounts for the %s %s%s (no spec layout, dependency graph or [selection] ignore claims %s), and ah never narrows on a file it cannot account for", what, strings.Join(names, ", "), more, them)
	if slices.ContainsFunc(files, func(f string) bool { return !ignorable(f, contracts) }) {
		return why
	}
	return why + fmt.Sprintf("; if no test reads %s, list %s in [selection] ignore in %s", them, them, config.Path)
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
