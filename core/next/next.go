// Package next orders the findings of a check into the steps a coding
// agent should take first: each with the exact command to run as an argv
// (never a shell string), the files it may and must not edit, and the
// `ah explain` topic that documents it (issue 30, the MCP tool ah_next).
package next

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/overlay"
	"github.com/espectacular/ah/core/shellword"
)

// Step is one finding to act on.
type Step struct {
	Kind     finding.Kind     `json:"kind"`
	Category finding.Category `json:"category"`
	Severity finding.Severity `json:"severity"`
	// Blocking is true when the finding fails the gate.
	Blocking bool `json:"blocking"`
	// Unit is what the finding is about: <capability>/<scenario-id>, a
	// capability, or empty for the whole repository.
	Unit    string `json:"unit"`
	Change  string `json:"change,omitempty"`
	Message string `json:"message"`
	// Action is the finding's suggested_action.
	Action finding.Action `json:"suggested_action"`
	// Command is the exact command to run next, as an argv: the
	// mechanical fix, the step toward it (`ah contract new`), the failing
	// test itself, or else Verify. It runs in the repository root.
	Command []string `json:"command"`
	// Verify is the `ah check` that tells whether the step worked.
	Verify []string `json:"verify"`
	// MayEdit are the repository files the step may edit (or create);
	// MustNotEdit the ones it must leave alone (a failing test is fixed in
	// the code, never by editing its scenario or contract).
	MayEdit     []string `json:"may_edit"`
	MustNotEdit []string `json:"must_not_edit"`
	// ExplainTopic is the `ah explain` topic of the finding's kind.
	ExplainTopic string `json:"explain_topic"`
	// Guidance says in one paragraph what the step asks and what it must
	// not do, for the kinds an agent gets wrong when it reads only the
	// command (a failing test, a contract with no test); empty otherwise.
	Guidance string `json:"guidance,omitempty"`
	// Scenario is the scenario the step is about, its text quoted as data,
	// when the step is to prove it (no-toml, no-tests-declared, a failing
	// test).
	Scenario *finding.ScenarioRef `json:"scenario,omitempty"`
	// Test is the failing test's execution, with the framework's failure
	// text (failed_tests, stdout_tail, stderr_tail), as ah check reports it.
	Test *finding.Test `json:"test,omitempty"`
	// Tool is the MCP tool call that does what Command does, when there is
	// one (set by the MCP server, which knows its tools).
	Tool *ToolCall `json:"tool,omitempty"`
	// VerifyTool is the MCP tool call of Verify (ah_check).
	VerifyTool *ToolCall `json:"verify_tool,omitempty"`
}

// ToolCall is an MCP tool and its arguments.
type ToolCall struct {
	Name      string         `json:"name"`
	Arguments map[string]any `json:"arguments"`
}

// AnyFile is the may_edit entry that allows every file of the repository
// but those in must_not_edit: the code under test, wherever it is.
const AnyFile = "**"

// Steps returns the steps for findings, most urgent first: blocking
// structural findings (nothing runs without a valid contract), then
// failing tests, then warnings, then information; within a rank the
// findings keep their order. At most limit steps are returned (limit < 1:
// all); remaining counts the ones left out. runTests says whether the
// findings came from a run of the tests, so Verify runs them again.
func Steps(fs []finding.Finding, runTests bool, limit int) (steps []Step, remaining int) {
	ordered := slices.Clone(fs)
	slices.SortStableFunc(ordered, func(a, b finding.Finding) int { return cmp.Compare(rank(a), rank(b)) })
	steps = []Step{}
	moves := map[[3]string]bool{}
	for _, f := range ordered {
		if r := f.Rename; r != nil {
			// The orphan and the scenario of one rename are one move.
			key := [3]string{f.Spec, r.From, r.To}
			if moves[key] {
				continue
			}
			moves[key] = true
		}
		if limit > 0 && len(steps) == limit {
			remaining++
			continue
		}
		steps = append(steps, stepOf(f, runTests))
	}
	return steps, remaining
}

func rank(f finding.Finding) int {
	switch {
	case f.Rename != nil:
		return -1 // the move before any stub (issue 39)
	case f.Blocking() && f.Category == finding.Structural:
		return 0
	case f.Blocking():
		return 1
	case f.Severity == finding.Warn:
		return 2
	}
	return 3
}

func stepOf(f finding.Finding, runTests bool) Step {
	s := Step{
		Kind: f.Kind, Category: f.Category, Severity: f.Severity, Blocking: f.Blocking(),
		Unit: unit(f), Change: f.Change, Message: f.Message, Action: f.SuggestedAction,
		MayEdit: []string{}, MustNotEdit: []string{},
		ExplainTopic: cmp.Or(strings.TrimPrefix(f.PlaybookCommand, "ah explain "), string(f.Kind)),
	}
	s.Verify = verify(f, runTests || f.Category == finding.Execution)
	s.Command = s.Verify
	switch {
	case f.Rename != nil && f.Spec != "":
		// Issue 39: a renamed scenario keeps its binding; a stub would
		// strand it.
		s.Command = contract.MoveArgv(f.Spec, f.Rename.From, f.Rename.To)
	case f.ApplyCommand != nil:
		if argv, err := shellword.Split(*f.ApplyCommand); err == nil && len(argv) > 0 {
			s.Command = argv
		}
	case f.Kind == finding.NoTOML && f.Scenario != nil:
		if argv := overlay.StubArgv(f.ContractPath, f.Spec, f.Scenario.ID); argv != nil {
			s.Command = argv
		}
	case f.SuggestedAction == finding.RunAhDoctor:
		s.Command = []string{"ah", "doctor"}
	case f.SuggestedAction == finding.RunAhSync:
		s.Command = []string{"ah", "sync"}
	case f.Category == finding.Execution && f.Test != nil && len(f.Test.Argv) > 0:
		s.Command = slices.Clone(f.Test.Argv)
	}
	switch {
	case f.Kind == finding.NoTestsDeclared && f.Scenario != nil && f.ContractPath != "":
		// The test is written (anywhere) and bound in the contract; the
		// scenario it proves stays as written.
		s.MayEdit = []string{f.ContractPath, AnyFile}
		s.MustNotEdit = nonEmpty(f.SpecPath)
		s.Scenario = f.Scenario
		s.Guidance = fmt.Sprintf("Bind in %s the test that proves scenario %q (its text is in scenario): a test that fails when the behaviour it describes is absent and passes when it holds; write that test first if none exists. "+
			"A test that passes without exercising this behaviour proves nothing: never bind an unrelated passing test. Leave the scenario text as written.", f.ContractPath, f.Scenario.Title)
	case f.SuggestedAction == finding.ReviewAndApply || f.SuggestedAction == finding.FixToolInvocation:
		if p := cmp.Or(f.ContractPath, f.SpecPath); p != "" {
			s.MayEdit = []string{p}
		}
	case f.SuggestedAction == finding.EditCodeNotScenario:
		s.MustNotEdit = nonEmpty(f.SpecPath, f.ContractPath)
		if f.Category == finding.Execution && f.Test != nil {
			// The code under test, wherever it is: any file but the
			// scenario and the contract binding the test.
			s.MayEdit = []string{AnyFile}
			s.Test = f.Test
			s.Scenario = f.Scenario
			s.Guidance = "The test bound to this scenario fails: its failure text is in test (failed_tests, stdout_tail, stderr_tail). " +
				"Fix the code under test (may_edit \"**\": any file but those in must_not_edit) until command passes, then run verify. " +
				"Never edit the scenario or its contract to make it pass."
		}
	}
	if f.Kind == finding.NoTOML && f.Scenario != nil {
		s.Scenario = f.Scenario
	}
	return s
}

// nonEmpty is the paths that are not empty.
func nonEmpty(paths ...string) []string {
	out := []string{}
	for _, p := range paths {
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}

// unit is the <capability>/<scenario-id> (or capability) of f.
func unit(f finding.Finding) string {
	if f.Spec == "" {
		return ""
	}
	if f.Scenario != nil && f.Scenario.ID != "" {
		return f.Spec + "/" + f.Scenario.ID
	}
	return f.Spec
}

// verify is the ah check re-checking f's unit (with its tests when
// runTests), in f's change when it has one.
func verify(f finding.Finding, runTests bool) []string {
	argv := []string{"ah", "check"}
	if f.Change != "" {
		argv = append(argv, "--changes", f.Change)
	}
	if runTests {
		argv = append(argv, "--run-tests", "--all-tests")
	}
	if u := unit(f); u != "" {
		argv = append(argv, u)
	}
	return argv
}
