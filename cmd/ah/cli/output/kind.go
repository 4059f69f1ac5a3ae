package output

import (
	"io"
	"maps"
	"slices"

	"github.com/espectacular/ah/core/coverage"
	"github.com/espectacular/ah/core/doctor"
	"github.com/espectacular/ah/core/evidence"
	"github.com/espectacular/ah/core/report"
	"github.com/espectacular/ah/schemas"
)

// PrinterOf prints one command's result, T, in one format. Printer is the
// check report's; every other command's text and JSON forms are printers
// of its own data type, declared below with a compile-time check each.
type PrinterOf[T any] interface {
	Print(data T) error
}

// Kind is one envelope_kind: the public JSON shape T of its data (a type
// of this package, or a tagged core type shared by several outputs) and
// the schema in schemas/ that documents it.
type Kind[T any] struct {
	Name   string
	Schema string
}

// The envelope kinds ah prints. Adding a command's JSON output is adding
// its data type in this package, its schema, and a line here and in kinds.
var (
	CheckKind        = Kind[report.Report]{"check", schemas.CheckOutput}
	DoctorKind       = Kind[doctor.Report]{"doctor", schemas.DoctorOutput}
	DoctorEnableKind = Kind[DoctorEnableData]{"doctor", schemas.DoctorOutput}
	ExplainKind      = Kind[TopicData]{"explain", schemas.ExplainOutput}
	ExplainListKind  = Kind[TopicListData]{"explain", schemas.ExplainOutput}
	TypeKind         = Kind[ArchetypeData]{"type", schemas.TypeOutput}
	TypeListKind     = Kind[ArchetypeListData]{"type", schemas.TypeOutput}
	VersionKind      = Kind[VersionData]{"version", schemas.VersionOutput}
	SyncKind         = Kind[SyncData]{"sync", schemas.SyncOutput}
	UpgradeKind      = Kind[UpgradeData]{"upgrade", schemas.UpgradeOutput}
	ReportKind       = Kind[MatrixData]{"report", schemas.ReportOutput}
	VerifyKind       = Kind[evidence.Result]{"verify", schemas.VerifyOutput}
	// The lifecycle commands share one shape: the files each wrote.
	InitKind     = Kind[FilesData]{"init", schemas.LifecycleOutput}
	ContractKind = Kind[FilesData]{"contract", schemas.LifecycleOutput}
	ScenarioKind = Kind[FilesData]{"scenario", schemas.LifecycleOutput}
	ArchiveKind  = Kind[FilesData]{"archive", schemas.LifecycleOutput}
)

// kinds maps every envelope_kind to its schema. Kind "error" (no command
// recognised on the command line) has only the error form.
var kinds = map[string]string{
	"error": schemas.ErrorOutput,
}

func init() {
	for _, k := range []struct{ name, schema string }{
		{CheckKind.Name, CheckKind.Schema}, {DoctorKind.Name, DoctorKind.Schema},
		{DoctorEnableKind.Name, DoctorEnableKind.Schema}, {ExplainKind.Name, ExplainKind.Schema},
		{ExplainListKind.Name, ExplainListKind.Schema}, {TypeKind.Name, TypeKind.Schema},
		{TypeListKind.Name, TypeListKind.Schema}, {VersionKind.Name, VersionKind.Schema},
		{SyncKind.Name, SyncKind.Schema}, {UpgradeKind.Name, UpgradeKind.Schema},
		{ReportKind.Name, ReportKind.Schema}, {InitKind.Name, InitKind.Schema},
		{ContractKind.Name, ContractKind.Schema}, {ScenarioKind.Name, ScenarioKind.Schema},
		{ArchiveKind.Name, ArchiveKind.Schema}, {VerifyKind.Name, VerifyKind.Schema},
	} {
		kinds[k.name] = k.schema
	}
}

// Schema returns the schema of an envelope_kind.
func Schema(kind string) (string, bool) {
	s, ok := kinds[kind]
	return s, ok
}

// Kinds lists the envelope kinds, sorted.
func Kinds() []string { return slices.Sorted(maps.Keys(kinds)) }

// JSON returns the printer of k's envelope: ok is the envelope's ok (each
// command's gate rule decides it), the version comes from o.CLIVersion.
func (k Kind[T]) JSON(w io.Writer, o Options, ok bool) *EnvelopeJSON[T] {
	return &EnvelopeJSON[T]{w: w, kind: k.Name, opts: o, ok: ok}
}

// EnvelopeJSON prints one command's data as its JSON envelope.
type EnvelopeJSON[T any] struct {
	w    io.Writer
	kind string
	opts Options
	ok   bool
}

// Print writes the envelope with data.
func (p *EnvelopeJSON[T]) Print(data T) error {
	return WriteEnvelope(p.w, NewEnvelope(p.kind, p.opts.CLIVersion, p.ok, data))
}

// Compile-time checks: every command's printers print its data type.
var (
	_ PrinterOf[report.Report]     = (*JSON)(nil)
	_ PrinterOf[report.Report]     = (*Text)(nil)
	_ PrinterOf[report.Report]     = (*JUnit)(nil)
	_ PrinterOf[report.Report]     = (*SARIF)(nil)
	_ PrinterOf[report.Report]     = (*GitHub)(nil)
	_ PrinterOf[report.Report]     = (*Markdown)(nil)
	_ PrinterOf[doctor.Report]     = (*EnvelopeJSON[doctor.Report])(nil)
	_ PrinterOf[DoctorEnableData]  = (*EnvelopeJSON[DoctorEnableData])(nil)
	_ PrinterOf[TopicData]         = (*EnvelopeJSON[TopicData])(nil)
	_ PrinterOf[TopicListData]     = (*EnvelopeJSON[TopicListData])(nil)
	_ PrinterOf[ArchetypeData]     = (*EnvelopeJSON[ArchetypeData])(nil)
	_ PrinterOf[ArchetypeListData] = (*EnvelopeJSON[ArchetypeListData])(nil)
	_ PrinterOf[VersionData]       = (*EnvelopeJSON[VersionData])(nil)
	_ PrinterOf[SyncData]          = (*EnvelopeJSON[SyncData])(nil)
	_ PrinterOf[SyncData]          = (*SyncText)(nil)
	_ PrinterOf[UpgradeData]       = (*EnvelopeJSON[UpgradeData])(nil)
	_ PrinterOf[UpgradeData]       = (*UpgradeText)(nil)
	_ PrinterOf[MatrixData]        = (*EnvelopeJSON[MatrixData])(nil)
	_ PrinterOf[coverage.Matrix]   = (*CoverageTextPrinter)(nil)
	_ PrinterOf[coverage.Matrix]   = (*CoverageMarkdownPrinter)(nil)
	_ PrinterOf[FilesData]         = (*EnvelopeJSON[FilesData])(nil)
	_ PrinterOf[FilesData]         = (*FilesText)(nil)
	_ PrinterOf[evidence.Result]   = (*EnvelopeJSON[evidence.Result])(nil)
	_ PrinterOf[evidence.Result]   = (*VerifyText)(nil)
)
