package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/alecthomas/kong"

	"github.com/espectacular/ah/cmd/ah/cli/mcpserver"
	"github.com/espectacular/ah/cmd/ah/cli/output"
	"github.com/espectacular/ah/core/changelog"
)

// Version is the version of ah, set at build time with
// -ldflags "-X github.com/espectacular/ah/cmd/ah/cli.Version=...". It
// continues the predecessor's version line (issue 11): see core/changelog.
var Version = changelog.Current

// Globals are the flags every command accepts.
type Globals struct {
	Chdir string `short:"C" name:"chdir" placeholder:"DIR" help:"Run as if ah was started in DIR."`
	JSON  bool   `short:"j" name:"json" help:"Print a JSON envelope instead of text (same as --format json)."`
	// Format is empty when not given, so --json can be told apart from an
	// explicit --format text.
	Format string `name:"format" placeholder:"NAME" predictor:"format" help:"Output format, one of: ${formats} (default: text)."`
}

// format is the output format asked for: --format, --json, or text.
func (g *Globals) format() string {
	switch {
	case g.JSON:
		return "json"
	case g.Format == "":
		return "text"
	}
	return g.Format
}

// asJSON reports whether output is the JSON envelope.
func (g *Globals) asJSON() bool { return g.format() == "json" }

// validate rejects an unknown format, or --json with another one.
func (g *Globals) validate() error {
	if g.JSON && g.Format != "" && g.Format != "json" {
		return usageError("--json means --format json; it conflicts with --format %s", g.Format)
	}
	if !slices.Contains(output.Formats(), g.format()) {
		return usageError("%v", &output.UnknownFormatError{Name: g.Format})
	}
	return nil
}

// grammar is the whole command line.
type grammar struct {
	Globals
	Version versionFlag `short:"V" name:"version" help:"Print the version and exit."`

	Check       CheckCmd       `cmd:"" help:"Check that every scenario has a valid contract (and, with --run-tests, that its tests pass)."`
	Doctor      DoctorCmd      `cmd:"" help:"Diagnose the configuration and adapter detection, or --enable a capability."`
	Explain     ExplainCmd     `cmd:"" help:"Explain a finding kind, suggested action or topic."`
	Merge       MergeCmd       `cmd:"" help:"Merge the JSON reports of ah check --shard K/N into one report."`
	Verify      VerifyCmd      `cmd:"" help:"Check, without running a test, that an evidence snapshot (ah check --evidence) still proves the current tree."`
	Type        TypeCmd        `cmd:"" help:"List the contract archetypes, or describe one."`
	Sync        SyncCmd        `cmd:"" help:"Derive one contract per Properties row of the dual-format specs (spk), or --check that they are fresh."`
	Completions CompletionsCmd `cmd:"" help:"Print the shell script completing ah's commands, flags, capabilities and topics."`
	VersionInfo VersionCmd     `cmd:"" name:"version" help:"Print the version."`
	Upgrade     UpgradeCmd     `cmd:"" help:"Report what changed since the config's tool_version, then update it (exit 1 when it did)."`
	Init        InitCmd        `cmd:"" help:"Set ah up here: the config, a stub contract per scenario, and ah check in the pre-commit hook."`
	Contract    ContractCmd    `cmd:"" help:"Write stub contracts (ah contract new), move a renamed scenario's contract (ah contract move)."`
	Scenario    ScenarioCmd    `cmd:"" help:"Add a scenario to a change, or supersede a deployed one (ah scenario new|supersede)."`
	Report      ReportCmd      `cmd:"" help:"Print the conformance coverage matrix: per capability and archetype, covered / missing / failing scenarios."`
	Archive     ArchiveCmd     `cmd:"" help:"Move a change's staged contracts to their deployed locations, after OpenSpec archived its specs."`
	Mcp         McpCmd         `cmd:"" name:"mcp" help:"Serve ah to coding agents as a Model Context Protocol server on stdio (--print-config prints a client registration)."`
}

// versionFlag stops parsing so Main can print the version in the requested
// format (text, or an envelope with --json).
type versionFlag bool

var errVersion = errors.New("version requested")

// BeforeReset is called by kong as soon as the flag is seen.
func (versionFlag) BeforeReset() error { return errVersion }

// exitPanic carries kong's exit request (after --help) out of the parser.
type exitPanic struct{ code int }

// Main runs ah with args (without the program name) and returns the exit
// code. The binary passes System(); a program embedding ah passes its own
// Deps (see Deps, Example and docs/embedding.md).
func Main(ctx context.Context, args []string, d *Deps) (code int) {
	var g grammar
	parser, err := kong.New(&g,
		kong.Name("ah"),
		kong.Description("ah is the spec verification gate: every OpenSpec scenario needs a contract, and every contract's tests must pass."),
		kong.Writers(d.Streams.Out, d.Streams.Err),
		kong.Exit(func(c int) { panic(exitPanic{c}) }),
		kong.UsageOnError(),
		kong.ConfigureHelp(kong.HelpOptions{Compact: true}),
		kong.Vars{
			"formats": strings.Join(output.Formats(), ", "),
			// kong's enum takes a bare comma list; help reads better spaced.
			"shells":      strings.Join(shells(), ","),
			"shell_list":  strings.Join(shells(), ", "),
			"mcp_clients": strings.Join(mcpserver.Clients(), ", "),
		},
	)
	if err != nil {
		fmt.Fprintf(d.Streams.Err, "ah: internal error: %v\n", err)
		return ExitCannotRun
	}
	defer func() {
		if r := recover(); r != nil {
			ep, ok := r.(exitPanic)
			if !ok {
				panic(r)
			}
			code = ep.code
			if code != 0 {
				code = ExitCannotRun
			}
		}
	}()
	// A shell asking for completions (`ah completions`) sets COMP_LINE;
	// its arguments are not a command line to parse.
	if line, ok := completionRequest(d); ok {
		return completeLine(parser, line, d)
	}
	kctx, err := parser.Parse(args)
	if err != nil {
		// kong's context holds what it parsed up to the error: the
		// command and the output flags, for the error envelope.
		var pe *kong.ParseError
		if errors.As(err, &pe) {
			kctx = pe.Context
		}
		if errors.Is(err, errVersion) {
			return printVersion(d, jsonRequested(parser, kctx))
		}
		return fail(d, commandOf(kctx), jsonRequested(parser, kctx), usageError("%v (see `ah --help`)", err))
	}
	if err := g.validate(); err != nil {
		return fail(d, commandOf(kctx), g.JSON, err)
	}
	kctx.BindTo(ctx, (*context.Context)(nil))
	kctx.Bind(&g.Globals, d)
	err = kctx.Run()
	// Stop anything the tests left behind that escaped their process group.
	if c, ok := d.Process.(io.Closer); ok {
		_ = c.Close()
	}
	return fail(d, commandOf(kctx), g.asJSON(), err)
}

// fail reports err (if any) and returns its exit code. A blocking gate
// result is silent here: the command already printed its report. With
// --json an error still produces a complete envelope on stdout.
func fail(d *Deps, cmd string, asJSON bool, err error) int {
	if errors.Is(err, context.Canceled) && !typed(err) {
		// Ctrl-C before there was anything to report: say so, not
		// "context canceled".
		err = &InterruptedError{Message: "interrupted"}
	}
	code, silent := classify(err)
	if silent {
		return code
	}
	if asJSON {
		env := output.NewEnvelope(cmd, Version, false, nil)
		env.Error = &output.EnvelopeError{Code: code, Message: err.Error()}
		_ = output.WriteEnvelope(d.Streams.Out, env)
	}
	// The message may quote a file name or a config key: escaped, so it
	// cannot forge lines or drive the terminal. One that already names the
	// command ("ah init: ...") gets no second "ah: ".
	msg := err.Error()
	if !strings.HasPrefix(msg, "ah ") {
		msg = "ah: " + msg
	}
	fmt.Fprintf(d.Streams.Err, "%s\n", escapeMessage(msg, err))
	return code
}

// multiLine is an error whose message is several lines of ah's own making
// (Error() is Lines() joined by newlines).
type multiLine interface {
	error
	Lines() []string
}

// escapeMessage escapes msg, the text of err, keeping the line breaks of a
// multi-line error inside it: each of its lines is escaped on its own, so
// a refusal listing files prints one file per line, not a literal \n,
// and a newline inside a file name still cannot start a line.
func escapeMessage(msg string, err error) string {
	out := output.Escape(msg)
	ml, ok := errors.AsType[multiLine](err)
	if !ok {
		return out
	}
	lines := ml.Lines()
	for i, l := range lines {
		lines[i] = output.Escape(l)
	}
	return strings.Replace(out, output.Escape(ml.Error()), strings.Join(lines, "\n"), 1)
}

// jsonRequested reports whether the flags kong parsed ask for JSON:
// --json (-j, in a cluster too) or --format json, the last one winning.
// kong stops at the first bad token, so the tokens after it are traced
// again (after the command kong selected, so its flags are known), skipping
// each one kong rejects: `ah version --bogus --json` still gets its
// envelope. Nothing after "--" is a flag.
func jsonRequested(parser *kong.Kong, kctx *kong.Context) bool {
	want := false
	var cmd []string
	if c := commandOf(kctx); c != "error" {
		cmd = []string{c}
	}
	for kctx != nil {
		want = outputFlag(kctx, want)
		if kctx.Error == nil || len(kctx.Path) == 0 {
			break
		}
		rest := kctx.Path[len(kctx.Path)-1].Remainder()
		if len(rest) < 2 || rest[0] == "--" {
			break
		}
		rest = rest[1:]
		if i := slices.Index(rest, "--"); i >= 0 {
			rest = rest[:i]
		}
		kctx, _ = kong.Trace(parser, append(slices.Clip(cmd), rest...))
	}
	return want
}

// outputFlag updates want from the output flags of one trace.
func outputFlag(kctx *kong.Context, want bool) bool {
	for _, p := range kctx.Path {
		if p.Flag == nil {
			continue
		}
		switch v := kctx.FlagValue(p.Flag).(type) {
		case bool:
			if p.Flag.Name == "json" {
				want = v
			}
		case string:
			if p.Flag.Name == "format" {
				want = v == "json"
			}
		}
	}
	return want
}

// commandOf is the command kong selected, for the envelope_kind of an
// error envelope; "error" when none was.
func commandOf(kctx *kong.Context) string {
	if kctx != nil {
		for _, p := range kctx.Path {
			if p.Command != nil {
				return p.Command.Name
			}
		}
	}
	return "error"
}
