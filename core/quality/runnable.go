package quality

import (
	"fmt"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/report"
)

// Property and Snapshot are the quality test types: ordinary runnable
// [[tests.<type>]] entries whose passing run is also reported as a
// measurement. A failing one is an ordinary test-failing finding.
const (
	Property = "property"
	Snapshot = "snapshot"
)

// KindOf is the finding kind of a passing entry of testType; ok is false
// for every other test type.
func KindOf(testType string) (finding.Kind, bool) {
	switch testType {
	case Property:
		return finding.QualityProperty, true
	case Snapshot:
		return finding.QualitySnapshot, true
	}
	return "", false
}

// Passed is the info finding of a passing property or snapshot entry
// (tests.<testType>[index] of target), carrying the run result ex.
func Passed(t Target, testType string, index int, ex report.Execution) (finding.Finding, bool) {
	k, ok := KindOf(testType)
	if !ok || ex.Verdict != report.VerdictPassed {
		return finding.Finding{}, false
	}
	f := finding.New(k, fmt.Sprintf("%s tests passed: tests.%s[%d] of %s ran `%s`", testType, testType, index, t.ContractPath, ex.Command))
	f.Test = &finding.Test{
		Type: testType, Command: ex.Command, Argv: ex.Argv, ExitCode: ex.ExitCode,
		Adapter: ex.Adapter, TestType: ex.TestType, DetectionSource: ex.DetectionSource, Version: ex.Version,
		DurationMS: ex.DurationMS,
	}
	return t.attach(f, ""), true
}
