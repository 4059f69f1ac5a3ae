package output

import (
	"fmt"
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

// kinds maps every envelope_kind to its schema: each Kind below enters it
// as it is declared (kind). Kind "error" (no command recognised on the
// command line) has only the error form.
var kinds = map[string]string{
	"error": schemas.ErrorOutput,
}

// kind declares the envelope kind name, whose data is a T documented by
// schema, and registers it for Schema and Kinds. A command with two data
// shapes (ah explain TOPIC and ah explain) declares two kinds of one name
// and one schema; a second schema for a name is a programming error.
func kind[T any](name, schema string) Kind[T] {
	if s, ok := kinds[name]; ok && s != schema {
		panic(fmt.Sprintf("output: envelope kind %q declared with %s and %s", name, s, schema))
	}
	kinds[name] = schema
	return Kind[T]{name, schema}
}

// The envelope kinds ah prints, each declared once. Adding a command's
// JSON output is adding its data type in this package, its schema, and a
// line here.
var (
	CheckKind        = kind[report.Report]("check", schemas.CheckOutput)
	DoctorKind       = kind[doctor.Diagnosis]("doctor", schemas.DoctorOutput)
	DoctorEnableKind = kind[DoctorEnableData]("doctor", schemas.DoctorOutput)
	ExplainKind      = kind[TopicData]("explain", schemas.ExplainOutput)
	ExplainListKind  = kind[TopicListData]("explain", schemas.ExplainOutput)
	TypeKind         = kind[ArchetypeData]("type", schemas.TypeOutput)
	TypeListKind     = kind[ArchetypeListData]("type", schemas.TypeOutput)
	VersionKind      = kind[VersionData]("version", schemas.VersionOutput)
	SyncKind         = kind[SyncData]("sync", schemas.SyncOutput)
	UpgradeKind      = kind[UpgradeData]("upgrade", schemas.UpgradeOutput)
	ReportKind       = kind[MatrixData]("report", schemas.ReportOutput)
	VerifyKind       = kind[evidence.Result]("verify", schemas.VerifyOutput)
	// The lifecycle commands share one shape: the files each wrote.
	InitKind     = kind[FilesData]("init", schemas.LifecycleOutput)
	ContractKind = kind[FilesData]("contract", schemas.LifecycleOutput)
	ScenarioKind = kind[FilesData]("scenario", schemas.LifecycleOutput)
	ArchiveKind  = kind[FilesData]("archive", schemas.LifecycleOutput)
)

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

// Compile-time checks: every command's text printers print its data type
// (an EnvelopeJSON[T] prints T by construction).
var (
	_ PrinterOf[report.Report]   = (*JSON)(nil)
	_ PrinterOf[report.Report]   = (*Text)(nil)
	_ PrinterOf[report.Report]   = (*JUnit)(nil)
	_ PrinterOf[report.Report]   = (*SARIF)(nil)
	_ PrinterOf[report.Report]   = (*GitHub)(nil)
	_ PrinterOf[report.Report]   = (*Markdown)(nil)
	_ PrinterOf[SyncData]        = (*SyncText)(nil)
	_ PrinterOf[UpgradeData]     = (*UpgradeText)(nil)
	_ PrinterOf[coverage.Matrix] = (*CoverageTextPrinter)(nil)
	_ PrinterOf[coverage.Matrix] = (*CoverageMarkdownPrinter)(nil)
	_ PrinterOf[FilesData]       = (*FilesText)(nil)
	_ PrinterOf[evidence.Result] = (*VerifyText)(nil)
)
