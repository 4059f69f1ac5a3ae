package schemas

import "embed"

// FS holds every *.schema.json file of this directory.
//
//go:embed *.schema.json
var FS embed.FS

// Base is the URI prefix of every schema's $id; a schema file NAME has the
// $id Base+NAME, so cross-file $refs resolve inside FS.
const Base = "https://espectacular.github.io/ah/schemas/"

// Names of the schema files.
const (
	Contract      = "scenario-contract.schema.json"
	Config        = "config.schema.json"
	CheckOutput   = "check-output.schema.json"
	CustomRunner  = "custom-runner.schema.json"
	DoctorOutput  = "doctor-output.schema.json"
	ExplainOutput = "explain-output.schema.json"
	TypeOutput    = "type-output.schema.json"
	VersionOutput = "version-output.schema.json"
	SyncOutput    = "sync-output.schema.json"
	UpgradeOutput = "upgrade-output.schema.json"
	ReportOutput  = "report-output.schema.json"
	// LifecycleOutput is the envelope of init, contract, scenario and
	// archive: the files each wrote.
	LifecycleOutput = "lifecycle-output.schema.json"
	// MutationOutput is what a [quality.mutation] command prints (issue 16).
	MutationOutput = "mutation-output.schema.json"
	// NextOutput is the structured content of the MCP tool ah_next (issue
	// 30): no CLI command prints it.
	NextOutput = "next-output.schema.json"
	// Evidence is the evidence snapshot of ah check --evidence (issue 41).
	Evidence = "evidence.schema.json"
	// VerifyOutput is the envelope of ah verify (issue 41).
	VerifyOutput = "verify-output.schema.json"
	// ErrorOutput is the envelope of any command that could not run; the
	// command's own output schema accepts it too, except for envelope_kind
	// "error" (no command recognised).
	ErrorOutput = "error-output.schema.json"
)
