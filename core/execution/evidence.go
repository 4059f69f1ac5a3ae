package execution

import (
	"slices"
	"strings"

	"github.com/espectacular/ah/core/report"
	"github.com/espectacular/ah/ports"
)

// evidencer is implemented by runners whose verdict can rest on more than
// an exit status: it says which (report.Evidence*) and, for a structured
// report, the tests it names. Runners without it are judged by their exit
// status alone (report.EvidenceExitCode).
type evidencer interface {
	evidence(o Outcome) (string, []ports.TestCase)
}

// setEvidence records what a job's verdict rests on (issue 23, item 11).
func setEvidence(ex *Execution, r runner, o Outcome, timings bool) {
	if o.Skipped || o.Result.Canceled {
		return // not_run: no verdict, so nothing it rests on
	}
	kind, tests := report.EvidenceExitCode, []ports.TestCase(nil)
	if e, ok := r.(evidencer); ok {
		kind, tests = e.evidence(o)
	}
	setTests(ex, kind, tests, timings)
}

// setTests records the evidence kind and the first MaxEvidenceTests
// tests in id order (parallel tests report in any order), with their
// durations only with --timings: output stays byte-identical from run to
// run.
func setTests(ex *Execution, kind string, tests []ports.TestCase, timings bool) {
	ex.Evidence, ex.TestCount, ex.Tests = kind, len(tests), nil
	tests = slices.SortedStableFunc(slices.Values(tests), func(a, b ports.TestCase) int { return strings.Compare(a.ID, b.ID) })
	for _, tc := range tests[:min(len(tests), report.MaxEvidenceTests)] {
		t := report.TestRun{ID: tc.ID, Outcome: string(tc.Status)}
		if timings {
			ms := tc.Duration.Milliseconds()
			t.DurationMS = &ms
		}
		ex.Tests = append(ex.Tests, t)
	}
}

// evidence of an adapter run: its tests when the report arrived whole and
// consistent (cache when some were replayed, not run); report-missing,
// with whatever tests were read, when it never arrived, was cut short or
// contradicted itself.
func (a frameworkRunner) evidence(o Outcome) (string, []ports.TestCase) {
	if rep := a.parse(o); rep != nil && len(rep.Anomalies) == 0 {
		return testsEvidence(rep.Tests), rep.Tests
	}
	if p := a.partial(o); p != nil {
		return report.EvidenceReportMissing, p.Tests
	}
	return report.EvidenceReportMissing, nil
}

// evidence of a custom runner: its envelope.
func (customRunner) evidence(Outcome) (string, []ports.TestCase) {
	return report.EvidenceEnvelope, nil
}

// testsEvidence is the evidence of tests read from a whole report: cache
// when the framework replayed any of them from its cache (issue 36), so a
// verdict resting partly on an earlier run is never shown as proven by
// tests that ran in this check.
func testsEvidence(tests []ports.TestCase) string {
	if slices.ContainsFunc(tests, func(tc ports.TestCase) bool { return tc.Cached }) {
		return report.EvidenceCache
	}
	return report.EvidenceTests
}
