package quality

import (
	"fmt"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/ports"
)

// Target is what a mutation run measures: one contract's declared tests,
// or (Scenario nil) every contract's, for [quality.mutation] enabled in
// the config.
type Target struct {
	Capability, SpecPath, ContractPath string
	Scenario                           *finding.ScenarioRef
}

// Name is how messages name the target.
func (t Target) Name() string {
	if t.Scenario == nil {
		return "the project's declared tests"
	}
	return "the declared tests of " + t.ContractPath
}

func (t Target) attach(f finding.Finding, configPath string) finding.Finding {
	if t.Scenario == nil {
		// No owning scenario: no prose, nothing fabricated (seed 004).
		f.SpecPath = configPath
		return f
	}
	f.ContractPath = t.ContractPath
	return f.WithScenario(t.Capability, t.SpecPath, *t.Scenario)
}

// Run is one finished mutation tool run.
type Run struct {
	Argv    []string
	Command string
	Result  ports.Result
	// StartErr is set when the tool could not be started.
	StartErr error
	// Stdout is the tool's whole stdout (bounded), for the score.
	Stdout []byte
}

// Judge turns a run into its finding: quality-mutation with the score
// (info, or a warning below threshold: never blocking), or a test-failing
// finding with suggested action fix_tool_invocation when the tool could
// not start, failed, timed out or printed no measurement. configPath is
// the spec_path of a project-wide run.
func Judge(t Target, r Run, threshold float64, configPath string) finding.Finding {
	score, err := measured(r)
	if err != nil {
		f := finding.New(finding.TestFailing, fmt.Sprintf("mutation tool run over %s %v; `ah check --mutation` needs a measurement: fix [quality.mutation] command in %s", t.Name(), err, configPath))
		f.SuggestedAction = finding.FixToolInvocation
		f.Test = testOf(r)
		return t.attach(f, configPath)
	}
	f := finding.New(finding.QualityMutation, fmt.Sprintf("mutation score %s of %s (threshold %s)", percent(score), t.Name(), percent(threshold)))
	if score < threshold {
		f.Severity = finding.Warn
		f.Message += ": below the threshold; strengthen the tests (this never fails the gate)"
	}
	f.Score, f.Threshold = &score, &threshold
	return t.attach(f, configPath)
}

// measured is the run's score, or why there is none.
func measured(r Run) (float64, error) {
	res := r.Result
	switch {
	case r.StartErr != nil:
		return 0, fmt.Errorf("could not start: %v", r.StartErr)
	case res.TimedOut:
		return 0, fmt.Errorf("timed out and was stopped before printing a measurement")
	case res.Signaled:
		return 0, fmt.Errorf("was killed by a signal before printing a measurement")
	case res.ExitCode != 0:
		return 0, fmt.Errorf("exited with status %d before printing a measurement", res.ExitCode)
	}
	s, err := ParseScore(r.Stdout)
	if err != nil {
		return 0, fmt.Errorf("printed %v", err)
	}
	return s, nil
}

func testOf(r Run) *finding.Test {
	t := &finding.Test{
		Type: "mutation", Command: r.Command, Argv: r.Argv, TimedOut: r.Result.TimedOut,
		StdoutTail: string(r.Result.Stdout), StderrTail: string(r.Result.Stderr),
	}
	if r.StartErr != nil {
		t.StderrTail = r.StartErr.Error()
		return t
	}
	if !r.Result.Signaled && !r.Result.TimedOut && r.Result.ExitCode >= 0 {
		c := r.Result.ExitCode
		t.ExitCode = &c
	}
	return t
}

// percent renders a score as a percentage with one decimal ("85.0%").
func percent(x float64) string { return fmt.Sprintf("%.1f%%", x*100) }
