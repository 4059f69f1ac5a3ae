package evidence_test

import (
	"bytes"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/evidence"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/report"
	"github.com/espectacular/ah/core/selection"
)

const tree = "0123456789abcdef0123456789abcdef01234567"

func sample() report.Report {
	d := int64(42)
	execs := []report.Execution{
		{Argv: []string{"go", "test", "-json", "./b"}, Bindings: []string{"b/two tests.go[0]"}, Verdict: "passed", DurationMS: &d, Evidence: report.EvidenceTests,
			Tests: []report.TestRun{{ID: "m/b.TestZ", Outcome: "passed"}, {ID: "m/b.TestA", Outcome: "passed"}}},
		{Argv: []string{"true"}, Bindings: []string{"a/one tests.shell[0]"}, Verdict: "failed", Evidence: report.EvidenceExitCode},
	}
	return report.Report{
		Executions: &execs,
		Units: []report.Unit{
			{Capability: "b", Scenario: finding.ScenarioRef{ID: "two"}, Status: report.UnitPassed,
				Bindings: []report.Binding{{Ref: "b/two tests.go[0]", Verdict: "passed", Evidence: report.EvidenceTests, DurationMS: &d}}},
			{Capability: "a", Scenario: finding.ScenarioRef{ID: "one"}, Status: report.UnitFailed,
				Bindings: []report.Binding{{Ref: "a/one tests.shell[0]", Verdict: "failed", Evidence: report.EvidenceExitCode}}},
		},
	}
}

func TestSnapshotIsSortedSealedAndRoundTrips(t *testing.T) {
	fsys := fstest.MapFS{".espectacular/config.toml": {Data: []byte("x")}, "z.go": {Data: []byte("z")}}
	st := evidence.StateOf(fsys, tree, []string{"z.go", "gone.go"})
	s := evidence.Of(sample(), st, "0.1.0", nil)
	assert.Equal(t, []string{"a/one", "b/two"}, []string{s.Contracts[0].Key, s.Contracts[1].Key})
	assert.Equal(t, []string{"m/b.TestA", "m/b.TestZ"}, s.Contracts[1].Bindings[0].Tests)
	assert.Equal(t, []evidence.Dirty{{Path: "gone.go", Deleted: true}, {Path: "z.go", SHA256: "594e519ae499312b29433b7dd8a97ff068defcba9755b6d5d00e84c524d67b06"}}, s.Dirty)
	data := evidence.Encode(s)
	assert.NotContains(t, string(data), "duration")
	assert.Equal(t, data, evidence.Encode(evidence.Of(sample(), st, "0.1.0", nil)), "identical runs, identical bytes")
	back, err := evidence.Decode(data)
	require.NoError(t, err)
	assert.Equal(t, s, back)
}

func TestDecodeRefusesWhatAhDidNotWrite(t *testing.T) {
	s := evidence.Of(sample(), evidence.State{Tree: tree}, "0.1.0", nil)
	data := evidence.Encode(s)
	for name, bad := range map[string][]byte{
		"truncated": data[:len(data)/2],
		"empty":     {},
		"tampered":  bytes.Replace(data, []byte(`"verdict": "failed"`), []byte(`"verdict": "passed"`), 1),
		"unknown":   bytes.Replace(data, []byte(`"format": 1,`), []byte(`"format": 1, "extra": 1,`), 1),
		"format":    bytes.Replace(data, []byte(`"format": 1,`), []byte(`"format": 2,`), 1),
	} {
		_, err := evidence.Decode(bad)
		assert.ErrorIs(t, err, evidence.ErrRefused, name)
	}
}

func TestCarriedContractKeepsItsProofAndTree(t *testing.T) {
	prev := evidence.Of(sample(), evidence.State{Tree: tree}, "0.1.0", nil)
	rep := report.Report{Units: []report.Unit{{Capability: "b", Scenario: finding.ScenarioRef{ID: "two"}, Status: report.UnitCarried, CarriedFrom: tree}}}
	next := evidence.Of(rep, evidence.State{Tree: "f" + tree[1:]}, "0.1.0", &prev)
	c, ok := next.Contract("b/two")
	require.True(t, ok)
	assert.Equal(t, tree, c.CarriedFrom)
	assert.Equal(t, report.UnitPassed, c.Verdict)
	assert.Equal(t, []string{"m/b.TestA", "m/b.TestZ"}, c.Bindings[0].Tests)
}

func TestJudge(t *testing.T) {
	s := evidence.Of(sample(), evidence.State{Tree: tree}, "0.1.0", nil)
	rep := report.Report{
		Units: []report.Unit{
			{Capability: "a", Scenario: finding.ScenarioRef{ID: "one"}, Status: report.UnitValid},
			{Capability: "b", Scenario: finding.ScenarioRef{ID: "two"}, Status: report.UnitCarried},
			{Capability: "c", Scenario: finding.ScenarioRef{ID: "new"}, Status: report.UnitValid},
		},
		Selection: &selection.Decision{ChangedFiles: []string{"c/x.go"}, Reasons: []selection.Reason{
			{Contract: "a/one", Rule: selection.RuleNotProven},
			{Contract: "c/new", File: "c/x.go", Rule: selection.RuleDependency, Detail: "go package m/c"},
		}},
	}
	res := evidence.Judge(s, rep)
	assert.False(t, res.OK, "a fresh failure is no proof")
	assert.Equal(t, []evidence.Verdict{
		{Key: "a/one", State: evidence.Fresh, Verdict: "failed"},
		{Key: "b/two", State: evidence.Fresh, Verdict: "passed"},
		{Key: "c/new", State: evidence.Stale, Detail: "not in the snapshot"},
	}, res.Contracts)
	assert.Equal(t, 2, res.Fresh)
	assert.Equal(t, 1, res.Stale)
}

func TestDirtyDiff(t *testing.T) {
	a := []evidence.Dirty{{Path: "same", SHA256: "1"}, {Path: "edited", SHA256: "1"}, {Path: "only-then", SHA256: "1"}}
	b := []evidence.Dirty{{Path: "same", SHA256: "1"}, {Path: "edited", SHA256: "2"}, {Path: "only-now", Deleted: true}}
	assert.Equal(t, []string{"edited", "only-now", "only-then"}, evidence.DirtyDiff(a, b))
}

// A pass resting on go test's cache replay is no fresh proof: verify does
// not count it and --carry runs it again (issue 36's verdict rule).
func TestCacheReplayIsNoProof(t *testing.T) {
	rep := sample()
	rep.Units[0].Bindings[0].Evidence = report.EvidenceCache
	s := evidence.Of(rep, evidence.State{Tree: tree}, "0.1.0", nil)
	assert.False(t, s.Proven("b/two"))
	res := evidence.Judge(s, report.Report{Units: []report.Unit{{Capability: "b", Scenario: finding.ScenarioRef{ID: "two"}, Status: report.UnitValid}},
		Selection: &selection.Decision{Reasons: []selection.Reason{{Contract: "b/two", Rule: selection.RuleNotProven}}}})
	assert.False(t, res.OK)
	assert.Equal(t, evidence.Fresh, res.Contracts[0].State)
	assert.Contains(t, res.Contracts[0].Detail, "cache replay")
}
