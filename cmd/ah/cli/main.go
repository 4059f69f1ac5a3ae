// Package cli is ah's command-line layer: the kong grammar, one file per
// command, the exit-code table and the wiring of infra into the core. It is
// importable so acceptance tests run the very Main the binary runs.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/alecthomas/kong"
)

// Version is the version of ah, set at build time with
// -ldflags "-X github.com/espectacular/ah/cmd/ah/cli.Version=...".
var Version = "0.1.0"

// Globals are the flags every command accepts.
type Globals struct {
	Chdir string `short:"C" name:"chdir" placeholder:"DIR" help:"Run as if ah was started in DIR."`
	JSON  bool   `short:"j" name:"json" help:"Print a JSON envelope instead of text."`
}

// grammar is the whole command line.
type grammar struct {
	Globals
	Version versionFlag `short:"V" name:"version" help:"Print the version and exit."`

	Check       CheckCmd   `cmd:"" help:"Check that every scenario has a valid contract (and, with --run-tests, that its tests pass)."`
	Doctor      DoctorCmd  `cmd:"" help:"Diagnose the configuration and adapter detection, or --enable a capability."`
	Explain     ExplainCmd `cmd:"" help:"Explain a finding kind, suggested action or topic."`
	Type        TypeCmd    `cmd:"" help:"List the contract archetypes, or describe one."`
	VersionInfo VersionCmd `cmd:"" name:"version" help:"Print the version."`
}

// versionFlag stops parsing so Main can print the version in the requested
// format (text, or an envelope with --json).
type versionFlag bool

var errVersion = errors.New("version requested")

// BeforeReset is called by kong as soon as the flag is seen.
func (versionFlag) BeforeReset() error { return errVersion }

// exitPanic carries kong's exit request (after --help) out of the parser.
type exitPanic struct{ code int }

// Main runs ah with args and returns the exit code.
func Main(ctx context.Context, args []string, d *Deps) (code int) {
	var g grammar
	parser, err := kong.New(&g,
		kong.Name("ah"),
		kong.Description("ah is the spec verification gate: every OpenSpec scenario needs a contract, and every contract's tests must pass."),
		kong.Writers(d.Streams.Out, d.Streams.Err),
		kong.Exit(func(c int) { panic(exitPanic{c}) }),
		kong.UsageOnError(),
		kong.ConfigureHelp(kong.HelpOptions{Compact: true}),
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
	kctx, err := parser.Parse(args)
	if errors.Is(err, errVersion) {
		return printVersion(d, wantsJSON(args))
	}
	if err != nil {
		return fail(d, commandName(args), wantsJSON(args), usageError("%v (see `ah --help`)", err))
	}
	kctx.BindTo(ctx, (*context.Context)(nil))
	kctx.Bind(&g.Globals, d)
	err = kctx.Run()
	// Stop anything the tests left behind that escaped their process group.
	if c, ok := d.Process.(io.Closer); ok {
		_ = c.Close()
	}
	return fail(d, commandName(args), g.JSON, err)
}

// fail reports err (if any) and returns its exit code. A blocking gate
// result is silent here: the command already printed its report. With
// --json an error still produces a complete envelope on stdout.
func fail(d *Deps, cmd string, asJSON bool, err error) int {
	var ee *ExitError
	if errors.Is(err, context.Canceled) && !errors.As(err, &ee) {
		// Ctrl-C before there was anything to report: say so, not
		// "context canceled".
		err = &ExitError{Code: ExitInterrupted, Message: "interrupted"}
	}
	code := exitCode(err)
	if err == nil || err == errGateFailed {
		return code
	}
	if errors.As(err, &ee) && ee.Message == "" {
		return code
	}
	if asJSON {
		writeEnvelope(d.Streams.Out, errorEnvelope(cmd, err))
	}
	fmt.Fprintf(d.Streams.Err, "ah: %v\n", err)
	return code
}

// wantsJSON reports whether args ask for JSON, for errors found before (or
// while) kong parses them: --json, --json=<bool>, or -j alone or in a
// cluster of short flags (-qj).
func wantsJSON(args []string) bool {
	want := false
	for _, a := range args {
		if a == "--" {
			break
		}
		if v, ok := strings.CutPrefix(a, "--json="); ok {
			b, err := strconv.ParseBool(v)
			want = err == nil && b
			continue
		}
		if a == "--json" || shortFlag(a, 'j') {
			want = true
		}
	}
	return want
}

// shortFlag reports whether a cluster of short flags ("-qj") holds flag.
// The flags taking a value (-C, -J) end the cluster: the rest is the value.
func shortFlag(arg string, flag byte) bool {
	if len(arg) < 2 || arg[0] != '-' || arg[1] == '-' {
		return false
	}
	for i := 1; i < len(arg); i++ {
		switch arg[i] {
		case flag:
			return true
		case 'C', 'J':
			return false
		}
	}
	return false
}

// commandName guesses the subcommand for an error envelope.
func commandName(args []string) string {
	known := []string{"check", "doctor", "explain", "type", "version"}
	for _, a := range args {
		if slices.Contains(known, a) {
			return a
		}
	}
	return "error"
}
