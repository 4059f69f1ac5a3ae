package evidence

import (
	"slices"
	"strings"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/report"
	"github.com/espectacular/ah/core/selection"
)

// States of a contract under ah verify.
const (
	// Fresh: the snapshot judged it and no changed file affects it.
	Fresh = "fresh"
	// Stale: a changed file may affect it, or the snapshot lacks it.
	Stale = "stale"
	// Invalid: it has a structural finding now (ah check says which).
	Invalid = "invalid"
	// Waived: its contract carries a [waiver]; as in ah check, it
	// neither passes nor blocks.
	Waived = "waived"
)

// Result is what ah verify found: data.verify of its JSON envelope.
type Result struct {
	// Snapshot is the snapshot's tree, Tree the current one.
	Snapshot string `json:"snapshot_tree"`
	Tree     string `json:"tree"`
	// ChangedFiles are the files changed between the two states.
	ChangedFiles []string `json:"changed_files"`
	// Fallback says why every contract is stale although the change was
	// known (selection fails closed); empty otherwise.
	Fallback  string    `json:"fallback_reason"`
	Contracts []Verdict `json:"contracts"`
	Fresh     int       `json:"fresh"`
	Stale     int       `json:"stale"`
	// OK: every contract in scope is fresh and proven (passed, and not on
	// a cache replay; waived ones aside) and nothing structural blocks.
	OK bool `json:"ok"`
}

// Verdict is one contract in scope under ah verify.
type Verdict struct {
	Key   string `json:"key"`
	State string `json:"state"`
	// Verdict is the snapshot's verdict ("" when it lacks the contract).
	Verdict     string `json:"verdict"`
	CarriedFrom string `json:"carried_from,omitempty"`
	// File, Rule and Detail say why a stale contract is stale: the
	// changed file that made it so and the selection rule (ah explain
	// selection), or only Detail.
	File   string `json:"file,omitempty"`
	Rule   string `json:"rule,omitempty"`
	Detail string `json:"detail,omitempty"`
}

// Judge turns a check report made with Carry.Verify (the selection of
// the changed files, carried units for the fresh passes) into the
// verdict of every contract in scope.
func Judge(s Snapshot, rep report.Report) Result {
	res := Result{Snapshot: s.Tree, Contracts: []Verdict{}, ChangedFiles: []string{}}
	why := map[string]selection.Reason{}
	if d := rep.Selection; d != nil {
		res.Tree, res.Fallback = d.Head, d.Fallback
		res.ChangedFiles = append(res.ChangedFiles, d.ChangedFiles...)
		for _, r := range d.Reasons {
			why[r.Contract] = r
		}
	}
	res.OK = !finding.Failed(rep.Findings)
	for _, u := range rep.Units {
		key := u.Capability + "/" + u.Scenario.ID
		c, known := s.Contract(key)
		v := Verdict{Key: key, Verdict: c.Verdict, CarriedFrom: c.CarriedFrom}
		r, picked := why[key]
		switch {
		case u.Status == report.UnitWaived:
			v.State = Waived
		case u.Status == report.UnitInvalid:
			v.State, v.Detail = Invalid, "it has a structural finding now: run ah check"
		case !known:
			v.State, v.Detail = Stale, "not in the snapshot"
		case u.Status == report.UnitCarried, picked && r.Rule == selection.RuleNotProven:
			v.State = Fresh
		case picked:
			v.State, v.File, v.Rule, v.Detail = Stale, r.File, r.Rule, r.Detail
		default:
			v.State, v.Detail = Stale, res.Fallback
		}
		if v.State == Fresh && v.Verdict == report.UnitPassed && !c.proven() {
			v.Detail = "its pass rests on a go test cache replay (evidence cache), which proves nothing here: ah check --run-tests --strict --carry runs it afresh"
		}
		switch v.State {
		case Fresh:
			res.Fresh++
			res.OK = res.OK && c.proven()
		case Stale, Invalid:
			res.Stale++
			res.OK = false
		}
		res.Contracts = append(res.Contracts, v)
	}
	slices.SortFunc(res.Contracts, func(a, b Verdict) int { return strings.Compare(a.Key, b.Key) })
	return res
}

// DirtyDiff lists the paths dirty on either side whose content differs:
// dirty on one side only (the other has the tree's content), or on both
// with different digests.
func DirtyDiff(a, b []Dirty) []string {
	byPath := map[string]Dirty{}
	for _, d := range a {
		byPath[d.Path] = d
	}
	out := []string{}
	seen := map[string]bool{}
	for _, d := range b {
		seen[d.Path] = true
		if old, ok := byPath[d.Path]; !ok || old != d {
			out = append(out, d.Path)
		}
	}
	for _, d := range a {
		if !seen[d.Path] {
			out = append(out, d.Path)
		}
	}
	slices.Sort(out)
	return out
}
