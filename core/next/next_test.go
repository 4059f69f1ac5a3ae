package next_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/next"
)

func at(k finding.Kind, spec, id, contract string) finding.Finding {
	f := finding.New(k, "msg "+string(k))
	f.Spec, f.SpecPath, f.ContractPath = spec, "openspec/specs/"+spec+"/spec.md", contract
	if id != "" {
		f.Scenario = &finding.ScenarioRef{ID: id}
	}
	return f
}

func TestPlanOrdersBlockingStructuralFirst(t *testing.T) {
	failing := at(finding.TestFailing, "a", "x", ".espectacular/a/x.toml")
	failing.Test = &finding.Test{Type: "shell", Command: "false", Argv: []string{"sh", "-c", "false"}}
	warn := at(finding.MissingLivenessTimeout, "a", "y", ".espectacular/a/y.toml")
	missing := at(finding.NoTOML, "b", "z", ".espectacular/b/z.toml")

	steps, rest := next.Steps([]finding.Finding{warn, failing, missing}, true, 0)
	require.Len(t, steps, 3)
	assert.Zero(t, rest)
	assert.Equal(t, finding.NoTOML, steps[0].Kind)
	assert.Equal(t, []string{"ah", "contract", "new", "b", "z"}, steps[0].Command)
	assert.Equal(t, []string{".espectacular/b/z.toml"}, steps[0].MayEdit)
	assert.Equal(t, "no-toml", steps[0].ExplainTopic)

	assert.Equal(t, finding.TestFailing, steps[1].Kind)
	assert.Equal(t, []string{"sh", "-c", "false"}, steps[1].Command)
	assert.Equal(t, []string{"ah", "check", "--run-tests", "--all-tests", "a/x"}, steps[1].Verify)
	assert.Equal(t, []string{next.AnyFile}, steps[1].MayEdit, "the code under test, wherever it is")
	assert.Equal(t, []string{"openspec/specs/a/spec.md", ".espectacular/a/x.toml"}, steps[1].MustNotEdit)
	assert.Same(t, failing.Test, steps[1].Test, "the failure text comes with the step")
	assert.Contains(t, steps[1].Guidance, "Never edit the scenario or its contract")
	assert.True(t, steps[1].Blocking)

	assert.Equal(t, finding.MissingLivenessTimeout, steps[2].Kind)
	assert.False(t, steps[2].Blocking)
}

func TestPlanLimitCountsTheRest(t *testing.T) {
	fs := []finding.Finding{
		at(finding.NoTestsDeclared, "a", "x", ".espectacular/a/x.toml"),
		at(finding.NoTestsDeclared, "a", "y", ".espectacular/a/y.toml"),
		at(finding.NoTestsDeclared, "a", "z", ".espectacular/a/z.toml"),
	}
	steps, rest := next.Steps(fs, false, 2)
	assert.Len(t, steps, 2)
	assert.Equal(t, 1, rest)
	assert.Equal(t, []string{"ah", "check", "a/x"}, steps[0].Command)
}

func TestPlanStagedStubAndApplyCommand(t *testing.T) {
	staged := at(finding.NoTOML, "a", "x", ".espectacular/changes/add-x/a/x.toml")
	staged.Change = "add-x"
	rec := finding.New(finding.Recommendation, "enable pytest")
	cmd := "ah doctor --enable 'pytest'"
	rec.ApplyCommand = &cmd
	steps, _ := next.Steps([]finding.Finding{rec, staged}, false, 0)
	require.Len(t, steps, 2)
	assert.Equal(t, []string{"ah", "contract", "new", "--change", "add-x", "a", "x"}, steps[0].Command)
	assert.Equal(t, []string{"ah", "check", "--changes", "add-x", "a/x"}, steps[0].Verify)
	assert.Equal(t, []string{"ah", "doctor", "--enable", "pytest"}, steps[1].Command)
}

// TestPlanNoTestsDeclaredShowsTheScenario: the step to bind a test says
// the test must prove that scenario, and quotes it (issue 38: listing only
// the contract invited binding an unrelated passing test).
func TestPlanNoTestsDeclaredShowsTheScenario(t *testing.T) {
	f := at(finding.NoTestsDeclared, "a", "x", ".espectacular/a/x.toml")
	f.Scenario.Title, f.Scenario.BodyMarkdown = "X holds", "- **THEN** x holds"
	steps, _ := next.Steps([]finding.Finding{f}, false, 0)
	require.Len(t, steps, 1)
	s := steps[0]
	assert.Equal(t, f.Scenario, s.Scenario)
	assert.Equal(t, []string{".espectacular/a/x.toml", next.AnyFile}, s.MayEdit)
	assert.Equal(t, []string{"openspec/specs/a/spec.md"}, s.MustNotEdit)
	assert.Contains(t, s.Guidance, `the test that proves scenario "X holds"`)
	assert.Contains(t, s.Guidance, "never bind an unrelated passing test")
	assert.Nil(t, s.Test)
}

// TestPlanRenameFirst: the orphan and the missing contract of one rename
// are one step, the move, before any stub (issue 39).
func TestPlanRenameFirst(t *testing.T) {
	line := 3
	stub := finding.New(finding.NoTOML, "other")
	stub.Spec, stub.ContractPath = "a", ".espectacular/a/other.toml"
	stub.Scenario = &finding.ScenarioRef{ID: "other", Line: &line}
	orphan := finding.New(finding.OrphanTOML, "orphan")
	orphan.Spec, orphan.ContractPath = "calc", ".espectacular/calc/old.toml"
	orphan.Rename = &finding.Rename{From: "old", To: "new"}
	missing := finding.New(finding.NoTOML, "missing")
	missing.Spec, missing.ContractPath = "calc", ".espectacular/calc/new.toml"
	missing.Scenario = &finding.ScenarioRef{ID: "new", Line: &line}
	missing.Rename = orphan.Rename
	steps, _ := next.Steps([]finding.Finding{stub, orphan, missing}, false, 0)
	require.Len(t, steps, 2)
	assert.Equal(t, []string{"ah", "contract", "move", "calc", "old", "new"}, steps[0].Command)
	assert.Equal(t, []string{"ah", "contract", "new", "a", "other"}, steps[1].Command)
}
