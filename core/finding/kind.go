package finding

import (
	"maps"
	"slices"
)

// Kind names a finding.
type Kind string

// The finding kinds. Each has one row in the kinds table below.
const (
	NoTOML                     Kind = "no-toml"
	OrphanTOML                 Kind = "orphan-toml"
	SlugCollision              Kind = "slug-collision"
	EmptyScenarioID            Kind = "empty-scenario-id"
	IDMismatch                 Kind = "id-mismatch"
	InvalidStatus              Kind = "invalid-status"
	NoTestsDeclared            Kind = "no-tests-declared"
	MalformedContract          Kind = "malformed-contract"
	InvalidFalsifiabilityClass Kind = "invalid-falsifiability-class"
	MissingLivenessTimeout     Kind = "missing-liveness-timeout"
	UnknownArchetype           Kind = "unknown-archetype"
	MissingRunner              Kind = "missing-runner"
	MissingAdapter             Kind = "missing-adapter"
	TestFailing                Kind = "test-failing"
	NoTestsRan                 Kind = "no-tests-ran"
	Recommendation             Kind = "recommendation"
	MalformedScenarioHeading   Kind = "malformed-scenario-heading"
	NoScenarios                Kind = "no-scenarios"
	// UnreadablePath and UnclosedBlock: issue 9 (links, names, limits,
	// unclosed fences).
	UnreadablePath Kind = "unreadable-path"
	UnclosedBlock  Kind = "unclosed-block"
	// DuplicateRequirement: issue 28, a deployed spec repeating a
	// requirement block, which OpenSpec rejects.
	DuplicateRequirement Kind = "duplicate-requirement"
	// ContractStale and VerifiesDangling: issue 14 (property-derived
	// contracts).
	ContractStale    Kind = "contract-stale"
	VerifiesDangling Kind = "verifies-dangling"
	// OverlayConflict and MissingReplacement: issue 10 (change overlays).
	OverlayConflict    Kind = "overlay-conflict"
	MissingReplacement Kind = "missing-replacement"
	// BatchFallback: issue 12, a batched invocation whose per-test report
	// could not be trusted; the binding re-ran on its own.
	BatchFallback Kind = "batch-fallback"
	// ProbeTimedOut: an environment probe timed out and the adapter's
	// command (or its absence) rests on that; a warning, as the gate still
	// ran, but --strict fails it: its interpreter choice is not trustworthy.
	ProbeTimedOut Kind = "probe-timed-out"
	// QualityMutation, QualityProperty and QualitySnapshot are the
	// measurement findings of issue 16: they never fail the gate.
	QualityMutation Kind = "quality-mutation"
	QualityProperty Kind = "quality-property"
	QualitySnapshot Kind = "quality-snapshot"
	// ExpiredWaiver: a contract's [waiver] past its expiry date, which no
	// longer waives (issue 39; an unexpired waiver is a recorded decision,
	// no finding).
	ExpiredWaiver Kind = "expired-waiver"
	// UnmatchedScope and EmptyScope: a [scope] entry matching no scenario,
	// and a [scope] leaving none in (issue 39); neither may pass.
	UnmatchedScope Kind = "unmatched-scope"
	EmptyScope     Kind = "empty-scope"
	// OutsideRequirements: a requirement or scenario outside a main
	// spec's `## Requirements` section, which OpenSpec does not parse
	// (issue 39).
	OutsideRequirements Kind = "outside-requirements"
	// Unverified: ah verify cannot confirm a contract's proof on this
	// tree from an evidence snapshot (issue 41): a changed file can affect
	// it (stale), or the snapshot holds no proof of it (not proven). Only
	// ah verify's non-JSON formats report it; its tests did not run.
	Unverified Kind = "unverified"
	// MissingTool: a binding that could not run because a tool it needs
	// is not installed here, as ah established it (the program would not
	// start, or ah's own probe failed); named once per tool (issue 37).
	MissingTool Kind = "missing-tool"
)

// Category groups kinds; structural and execution findings gate.
type Category string

// Categories.
const (
	Structural Category = "structural"
	Execution  Category = "execution"
	Quality    Category = "quality"
	Warning    Category = "warning"
)

// Severity says how serious a finding is.
type Severity string

// Severities.
const (
	Error Severity = "error"
	Warn  Severity = "warning"
	Note  Severity = "info"
)

// Action is the documented suggested_action enum.
type Action string

// Suggested actions. Each has an `ah explain` topic of the same name. Only
// actions ah can emit are listed: one naming a command ah lacks (init,
// scenario, sync) comes back with that command.
const (
	RunAhDoctor         Action = "run_ah_doctor"
	EditCodeNotScenario Action = "edit_code_not_scenario"
	EnableCapability    Action = "enable_capability"
	FixToolInvocation   Action = "fix_tool_invocation"
	ReviewAndApply      Action = "review_and_apply"
	// HumanReviewRequired is chosen by ah only for batch-fallback (the
	// re-run decided the verdict; a person may look at why the batch
	// failed); a custom runner may report it too.
	HumanReviewRequired Action = "human_review_required"
	// RunAhSync refreshes derived contracts; it writes TOML, so it is
	// never mechanical and carries no apply_command.
	RunAhSync Action = "run_ah_sync"
	// RunAhCheck runs the tests an evidence snapshot does not prove on
	// this tree (ah check --run-tests --strict --carry FILE, issue 41);
	// its message names the command, the snapshot file included.
	RunAhCheck Action = "run_ah_check"
)

// KindInfo is the fixed classification of a kind.
type KindInfo struct {
	Category Category
	Severity Severity
	Action   Action
}

// kinds ties every kind to its category, severity and action: one table, so
// output, schema and explain topics cannot drift apart (tests check all three).
var kinds = map[Kind]KindInfo{
	// no-toml is review_and_apply (seed 004, issue 27): `ah contract new`
	// writes a stub that is then no-tests-declared, no repair, so an agent
	// taking it as the mechanical fast path would loop. It is the finding's
	// Step instead.
	NoTOML:                     {Structural, Error, ReviewAndApply},
	OrphanTOML:                 {Structural, Error, ReviewAndApply},
	SlugCollision:              {Structural, Error, ReviewAndApply},
	EmptyScenarioID:            {Structural, Error, ReviewAndApply},
	IDMismatch:                 {Structural, Error, ReviewAndApply},
	InvalidStatus:              {Structural, Error, ReviewAndApply},
	NoTestsDeclared:            {Structural, Error, ReviewAndApply},
	MalformedContract:          {Structural, Error, ReviewAndApply},
	InvalidFalsifiabilityClass: {Structural, Error, ReviewAndApply},
	MissingLivenessTimeout:     {Warning, Warn, ReviewAndApply},
	UnknownArchetype:           {Warning, Warn, ReviewAndApply},
	MissingRunner:              {Structural, Error, FixToolInvocation},
	MissingAdapter:             {Structural, Error, RunAhDoctor},
	TestFailing:                {Execution, Error, EditCodeNotScenario},
	NoTestsRan:                 {Execution, Error, FixToolInvocation},
	Recommendation:             {Quality, Note, EnableCapability},
	MalformedScenarioHeading:   {Warning, Warn, ReviewAndApply},
	NoScenarios:                {Warning, Warn, ReviewAndApply},
	UnreadablePath:             {Structural, Error, ReviewAndApply},
	UnclosedBlock:              {Warning, Warn, ReviewAndApply},
	// OpenSpec's validate rejects both (issue 39): so does ah.
	DuplicateRequirement: {Structural, Error, ReviewAndApply},
	OutsideRequirements:  {Structural, Error, ReviewAndApply},
	ContractStale:        {Structural, Error, RunAhSync},
	VerifiesDangling:     {Structural, Error, ReviewAndApply},
	OverlayConflict:      {Structural, Error, ReviewAndApply},
	MissingReplacement:   {Structural, Error, ReviewAndApply},
	BatchFallback:        {Warning, Warn, HumanReviewRequired},
	ProbeTimedOut:        {Warning, Warn, RunAhDoctor},
	// A measurement is improved by strengthening the tests (code), never
	// by editing the scenario. quality-mutation below its threshold is
	// raised to a warning by the finding's builder.
	QualityMutation: {Quality, Note, EditCodeNotScenario},
	QualityProperty: {Quality, Note, EditCodeNotScenario},
	QualitySnapshot: {Quality, Note, EditCodeNotScenario},
	// A waiver is a human's call: prove the scenario or decide anew.
	ExpiredWaiver: {Structural, Error, HumanReviewRequired},
	// A [scope] typo gates less than asked: it never passes quietly.
	UnmatchedScope: {Structural, Error, ReviewAndApply},
	EmptyScope:     {Structural, Error, ReviewAndApply},
	// A verdict the snapshot no longer proves gates as a test verdict
	// does: running the tests settles it.
	Unverified: {Execution, Error, RunAhCheck},
	// No test ran: install the tool (ah doctor says what runs here).
	MissingTool: {Execution, Error, RunAhDoctor},
}

// actions lists every documented suggested action.
var actions = []Action{
	RunAhDoctor, EditCodeNotScenario, EnableCapability, FixToolInvocation, ReviewAndApply, HumanReviewRequired,
	RunAhSync, RunAhCheck,
}

// Info returns the classification of k; ok is false for an unknown kind.
func Info(k Kind) (KindInfo, bool) {
	i, ok := kinds[k]
	return i, ok
}

// Kinds returns every known kind, sorted.
func Kinds() []Kind { return slices.Sorted(maps.Keys(kinds)) }

// Actions returns every documented suggested action, sorted.
func Actions() []Action { return slices.Sorted(slices.Values(actions)) }

// Mechanical reports whether an action is a shell command an agent may run
// without review; only those findings carry an apply_command.
func (a Action) Mechanical() bool { return a == EnableCapability }
