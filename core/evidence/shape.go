package evidence

import (
	"cmp"
	"fmt"
	"maps"
	"slices"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/report"
)

// Report is ah verify's result in the shape of an ah check report, for
// the formats the two share (junit, sarif, github, markdown): a fresh
// pass is the carried unit the verify run already holds, and each
// contract that keeps the gate from passing (stale, or fresh without a
// proof) gets an unverified finding on its scenario naming why and the
// command that settles it, ah check --run-tests --strict --carry file.
// Structural findings and waivers stay as ah check reports them.
func Report(rep report.Report, res Result, file string) report.Report {
	out := rep
	out.Findings = slices.Clone(rep.Findings)
	byKey := map[string]Verdict{}
	for _, v := range res.Contracts {
		byKey[v.Key] = v
	}
	next := "ah check --run-tests --strict --carry " + file
	added := 0
	for _, u := range rep.Units {
		v, ok := byKey[u.Capability+"/"+u.Scenario.ID]
		if !ok || u.Status == report.UnitCarried {
			continue
		}
		why := unverifiedWhy(v)
		if why == "" {
			continue
		}
		f := finding.New(finding.Unverified, fmt.Sprintf("%s; its tests did not run on this tree: %s runs it", why, next))
		f = f.WithScenario(u.Capability, u.SpecPath, u.Scenario)
		f.ContractPath = u.ContractPath
		out.Findings = append(out.Findings, f)
		added++
	}
	finding.Sort(out.Findings)
	out.Summary.Execution += added
	if added > 0 {
		out.Summary.CountsByKind = maps.Clone(rep.Summary.CountsByKind)
		if out.Summary.CountsByKind == nil {
			out.Summary.CountsByKind = map[finding.Kind]int{}
		}
		out.Summary.CountsByKind[finding.Unverified] += added
	}
	return out
}

// unverifiedWhy is why a contract is not fresh and proven, or "" when it
// is (or is waived, or invalid: its structural finding speaks for it).
func unverifiedWhy(v Verdict) string {
	switch {
	case v.State == Stale && v.File != "":
		return fmt.Sprintf("stale: %s changed since the snapshot (%s: %s)", v.File, v.Rule, v.Detail)
	case v.State == Stale:
		return "stale: " + cmp.Or(v.Detail, "the selection cannot tell it unchanged")
	case v.State != Fresh:
		return ""
	case v.Verdict != report.UnitPassed:
		return fmt.Sprintf("not proven: the snapshot's verdict is %s, and no change since can affect it", v.Verdict)
	case v.Detail != "":
		// Judge sets a fresh pass's detail only when it rests on a cache
		// replay.
		return "not proven: its pass rests on a go test cache replay (evidence cache), which proves nothing here"
	}
	return ""
}
