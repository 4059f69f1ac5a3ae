package finding

import (
	"cmp"
	"path"
	"slices"
	"strings"
)

// ScenarioRef is the scenario a finding is about.
type ScenarioRef struct {
	ID           string `json:"id"`
	Title        string `json:"title"`
	BodyMarkdown string `json:"body_markdown"`
	// Line is the 1-based line of the heading; nil when there is no heading
	// (an orphan contract).
	Line *int `json:"line"`
}

// Rename pairs an orphan contract's id with the id of the scenario
// without a contract that it looks renamed to.
type Rename struct {
	From string `json:"from"`
	To   string `json:"to"`
}

// Heading is a spec line that looks meant as a scenario heading but is not
// one (malformed-scenario-heading).
type Heading struct {
	Line      int    `json:"line"`
	Written   string `json:"written"`
	Corrected string `json:"corrected"`
}

// Test describes one executed test binding of an execution finding.
type Test struct {
	// Type is the declared test type or, for adapters, the classification of
	// the failure (pytest-import-error, ...).
	Type    string   `json:"type"`
	Command string   `json:"command"`
	Argv    []string `json:"argv"`
	// ExitCode is nil when the process was killed by a signal or never ran.
	ExitCode   *int   `json:"exit_code"`
	TimedOut   bool   `json:"timed_out"`
	StdoutTail string `json:"stdout_tail"`
	StderrTail string `json:"stderr_tail"`
	// Adapter, TestType, DetectionSource and Version report how an adapter
	// was chosen; empty for shell and generic runners.
	Adapter         string `json:"adapter,omitempty"`
	TestType        string `json:"test_type,omitempty"`
	DetectionSource string `json:"detection_source,omitempty"`
	Version         string `json:"version,omitempty"`
	// SharedWith lists the other contracts ("capability/id") whose identical
	// invocation ran once and shares this verdict.
	SharedWith []string `json:"shared_with,omitempty"`
	// DurationMS is set only with --timings.
	DurationMS *int64 `json:"duration_ms,omitempty"`
	// FailedTests are the failing test cases an adapter's structured report
	// names, with the framework's own failure text (bounded); empty when
	// the runner reports no test cases.
	FailedTests []FailedTest `json:"failed_tests,omitempty"`
}

// FailedTest is one failing test case: the framework's id of the test and
// its failure text (assertion, panic message, longrepr).
type FailedTest struct {
	Name    string `json:"name"`
	Message string `json:"message"`
}

// Finding is one reported problem or observation. Unlike core/report, it
// keeps its JSON tags: a finding is the same object in check, doctor and
// custom-runner envelopes, and its shape is the published one.
type Finding struct {
	Kind     Kind     `json:"kind"`
	Category Category `json:"category"`
	Severity Severity `json:"severity"`
	// Spec is the capability name; SpecPath the repository-relative spec.md.
	Spec     string `json:"spec"`
	SpecPath string `json:"spec_path"`
	// ContractPath is the repository-relative contract file, when one is
	// involved (it may not exist yet, as for no-toml).
	ContractPath string `json:"contract_path,omitempty"`
	// Change is the change whose overlay the finding was found in, set
	// only by ah check --changes all (issue 28).
	Change   string       `json:"change,omitempty"`
	Scenario *ScenarioRef `json:"scenario"`
	// ScenarioProse is the verbatim, untruncated scenario body; nil when the
	// finding has no scenario.
	ScenarioProse   *string `json:"scenario_prose"`
	SuggestedAction Action  `json:"suggested_action"`
	PlaybookCommand string  `json:"playbook_command"`
	// ApplyCommand is a shell command only for mechanical actions.
	ApplyCommand *string `json:"apply_command"`
	// Step is a command a person or agent runs as a step toward the fix,
	// never the fix itself (no-toml's `ah contract new`, whose stub is then
	// no-tests-declared): the text output shows it as the fix: line, and
	// JSON leaves it out, as its apply_command is for mechanical fixes only
	// (issue 27). The message names it too.
	Step *string `json:"-"`
	// Rename is set on the orphan-toml and no-toml findings of one
	// capability that look like one scenario renamed (issue 39): the
	// contract's id, and the scenario id it should move to.
	Rename *Rename `json:"rename,omitempty"`
	Test   *Test   `json:"test,omitempty"`
	// Line is the spec line a finding about no scenario points at (the
	// requirement block of a MODIFIED section that omits scenarios); nil
	// otherwise.
	Line *int `json:"line,omitempty"`
	// Heading is set only for malformed-scenario-heading.
	Heading *Heading `json:"heading,omitempty"`
	// Score and Threshold are set only for quality-mutation: the measured
	// score and the threshold it was compared with, both in [0, 1].
	Score     *float64 `json:"score,omitempty"`
	Threshold *float64 `json:"threshold,omitempty"`
	Message   string   `json:"message"`
}

// New builds a finding of kind k with the classification from the kinds
// table. It panics on an unknown kind: kinds are code, not user input.
func New(k Kind, message string) Finding {
	info, ok := kinds[k]
	if !ok {
		panic("finding: unknown kind " + string(k))
	}
	return Finding{
		Kind:            k,
		Category:        info.Category,
		Severity:        info.Severity,
		SuggestedAction: info.Action,
		PlaybookCommand: "ah explain " + string(k),
		Message:         message,
	}
}

// WithScenario attaches the scenario and its verbatim prose.
func (f Finding) WithScenario(spec, specPath string, s ScenarioRef) Finding {
	f.Spec, f.SpecPath = spec, specPath
	f.Scenario = &s
	if s.Line != nil {
		prose := s.BodyMarkdown
		f.ScenarioProse = &prose
	}
	return f
}

// Blocking reports whether the finding fails the gate. Quality findings
// never do, whatever their severity (issue 16).
func (f Finding) Blocking() bool {
	return f.Severity == Error && (f.Category == Structural || f.Category == Execution)
}

// Sort orders findings by spec_path, scenario id, kind, then test identity
// (type, command), heading line, contract path, then message: a total order, so output never depends on
// discovery or execution order.
func Sort(fs []Finding) {
	slices.SortStableFunc(fs, Compare)
}

// Compare is the total order used by Sort.
func Compare(a, b Finding) int {
	return cmp.Or(
		strings.Compare(a.SpecPath, b.SpecPath),
		strings.Compare(scenarioID(a), scenarioID(b)),
		strings.Compare(string(a.Kind), string(b.Kind)),
		compareTest(a.Test, b.Test),
		cmp.Compare(headingLine(a), headingLine(b)),
		strings.Compare(a.ContractPath, b.ContractPath),
		strings.Compare(a.Message, b.Message),
	)
}

// scenarioID is the finding's sort key within its spec: its scenario's id,
// else (an orphan contract, whose scenario is null) the id its contract's
// file name claims, so it sorts where that scenario would.
func scenarioID(f Finding) string {
	if f.Scenario == nil {
		if f.ContractPath == "" {
			return ""
		}
		return strings.TrimSuffix(path.Base(f.ContractPath), ".toml")
	}
	return f.Scenario.ID
}

func headingLine(f Finding) int {
	if f.Heading == nil {
		return 0
	}
	return f.Heading.Line
}

func compareTest(a, b *Test) int {
	switch {
	case a == nil && b == nil:
		return 0
	case a == nil:
		return -1
	case b == nil:
		return 1
	}
	return cmp.Or(strings.Compare(a.Type, b.Type), strings.Compare(a.Command, b.Command))
}
