package output

import (
	"cmp"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/report"
)

// Printer writes a check report in one format (see PrinterOf).
type Printer = PrinterOf[report.Report]

// Options are what a printer may need besides the report.
type Options struct {
	// Color allows ANSI colour (text only; machine formats never use it).
	Color bool
	// CLIVersion is the running ah's version, for envelopes.
	CLIVersion string
	// DurationMS is the whole run's duration, set only with --timings.
	DurationMS *int64
	// Verbose lists each execution's evidence in text output (ah check
	// --verbose): the tests that proved it, or what it rests on instead.
	Verbose bool
	// Getenv and AppendFile let the github printer append its job summary
	// to $GITHUB_STEP_SUMMARY; without them it writes none.
	Getenv     func(string) string
	AppendFile func(path string) (io.WriteCloser, error)
	// Warnings are about the run rather than the corpus (a tool_version
	// newer than this ah): the JSON envelope's warnings.
	Warnings []string
	// Command names the command whose report this is in the headings of
	// the CI formats; empty means ah check (ah verify prints the same
	// shapes, issue 41).
	Command string
}

// command is the report's command name: o.Command, else ah check.
func (o Options) command() string { return cmp.Or(o.Command, "ah check") }

// printers maps a --format name to its constructor: adding a format is
// adding a file and a line here.
var printers = map[string]func(io.Writer, Options) Printer{
	"github":   func(w io.Writer, o Options) Printer { return NewGitHub(w, o) },
	"json":     func(w io.Writer, o Options) Printer { return NewJSON(w, o) },
	"junit":    func(w io.Writer, o Options) Printer { return NewJUnit(w, o) },
	"markdown": func(w io.Writer, o Options) Printer { return NewMarkdown(w, o) },
	"sarif":    func(w io.Writer, o Options) Printer { return NewSARIF(w, o) },
	"text":     func(w io.Writer, o Options) Printer { return NewText(w, o) },
}

// Formats lists the --format names, sorted.
func Formats() []string {
	return slices.Sorted(maps.Keys(printers))
}

// UnknownFormatError is a --format name no printer answers to.
type UnknownFormatError struct{ Name string }

func (e *UnknownFormatError) Error() string {
	return fmt.Sprintf("unknown format %q; known formats: %s", e.Name, strings.Join(Formats(), ", "))
}

// New returns the printer for format, writing to w.
func New(format string, w io.Writer, o Options) (Printer, error) {
	mk, ok := printers[format]
	if !ok {
		return nil, &UnknownFormatError{Name: format}
	}
	return mk(w, o), nil
}
