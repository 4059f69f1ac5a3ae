package evidence_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/core/evidence"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/report"
)

// TestReportFailsExactlyWhenVerifyFails: ah verify's check-shaped report
// (junit, sarif, github, markdown) fails exactly when its own verdict is
// not ok, one unverified finding per contract that keeps it from passing,
// each naming why and the carry command (issue 41).
func TestReportFailsExactlyWhenVerifyFails(t *testing.T) {
	unit := func(id, status string) report.Unit {
		return report.Unit{Capability: "c", SpecPath: "specs/c/spec.md", ContractPath: ".espectacular/c/" + id + ".toml",
			Scenario: finding.ScenarioRef{ID: id}, Status: status}
	}
	tests := []struct {
		name  string
		unit  report.Unit
		v     evidence.Verdict
		ok    bool
		state string // the message's start, "" when no finding
	}{
		{"fresh pass carried", unit("f", report.UnitCarried), evidence.Verdict{State: evidence.Fresh, Verdict: "passed"}, true, ""},
		{"stale on a file", unit("s", report.UnitValid), evidence.Verdict{State: evidence.Stale, Verdict: "passed", File: "a.go", Rule: "dependency", Detail: "go package m/a"}, false,
			"stale: a.go changed since the snapshot (dependency: go package m/a); its tests did not run on this tree: ah check --run-tests --strict --carry snap.json runs it"},
		{"stale, not in the snapshot", unit("n", report.UnitValid), evidence.Verdict{State: evidence.Stale, Detail: "not in the snapshot"}, false, "stale: not in the snapshot;"},
		{"fresh failure", unit("x", report.UnitValid), evidence.Verdict{State: evidence.Fresh, Verdict: "failed"}, false, "not proven: the snapshot's verdict is failed"},
		{"fresh cache replay", unit("k", report.UnitValid), evidence.Verdict{State: evidence.Fresh, Verdict: "passed", Detail: "cache"}, false, "not proven: its pass rests on a go test cache replay"},
		{"waived", unit("w", report.UnitWaived), evidence.Verdict{State: evidence.Waived}, true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.v.Key = "c/" + tt.unit.Scenario.ID
			res := evidence.Result{Contracts: []evidence.Verdict{tt.v}, OK: tt.ok}
			rep := evidence.Report(report.Report{Units: []report.Unit{tt.unit}}, res, "snap.json")
			assert.Equal(t, !tt.ok, rep.Failed())
			if tt.state == "" {
				assert.Empty(t, rep.Findings)
				return
			}
			if assert.Len(t, rep.Findings, 1) {
				f := rep.Findings[0]
				assert.Equal(t, finding.Unverified, f.Kind)
				assert.Contains(t, f.Message, tt.state)
				assert.Equal(t, "specs/c/spec.md", f.SpecPath)
				assert.Equal(t, tt.unit.ContractPath, f.ContractPath)
				assert.Equal(t, 1, rep.Summary.Execution)
				assert.Equal(t, 1, rep.Summary.CountsByKind[finding.Unverified])
			}
		})
	}
}
