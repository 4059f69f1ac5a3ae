package ports

import (
	"context"
	"io"
	"io/fs"
)

// Detection sources, in precedence order.
const (
	SourceConfigured   = "configured"
	SourceManifest     = "manifest"
	SourceEnvironment  = "environment"
	SourceSourceImport = "source_import"
)

// Driver is a test-framework adapter (pytest, cargo, vitest, go). The core
// decides precedence and verdicts; a driver only knows its framework's
// signals (Detector), how to ask it for structured output and how to read
// it (Reporter).
type Driver interface {
	Detector
	Reporter
}

// Framework is what a driver knows of its framework without looking at a
// repository: plain data, so no driver restates it as one-line methods.
type Framework struct {
	// Name is the adapter name used in config and output ("pytest").
	Name string
	// Aliases are the language test types that map to this adapter
	// ("python" for pytest).
	Aliases []string
	// SourceFile says which files are worth reading for an import of the
	// framework, and Imports whether a file's head imports it (the
	// source_import evidence); both nil when the framework has no such
	// evidence (cargo: a Rust test needs no import).
	SourceFile func(name string) bool
	Imports    func(content []byte) bool
}

// Serves reports whether a test type names this framework, by name or
// alias ("python" -> pytest).
func (f Framework) Serves(testType string) bool {
	if f.Name == testType {
		return true
	}
	for _, a := range f.Aliases {
		if a == testType {
			return true
		}
	}
	return false
}

// Detector is the detection half of a driver, used by core/adapter to
// decide which adapter a test type gets. Its methods are the answers that
// depend on the repository or on a command.
type Detector interface {
	// Framework is the driver's name, aliases and import rule.
	Framework() Framework
	// DefaultCommand is the argv prefix used when the adapter is detected
	// but not configured.
	DefaultCommand(repo fs.FS) []string
	// RunsFramework reports whether a configured argv runs this framework
	// (["uv","run","pytest"] runs pytest); a generic runner that does still
	// runs as configured, and doctor suggests adapter = "<name>".
	RunsFramework(argv []string) bool
	// Manifest reports whether the repository's manifests declare the
	// framework (pyproject.toml, Cargo.toml, package.json, go.mod, ...).
	Manifest(repo fs.FS) bool
	// Probes are the candidate commands that prove the framework runs here,
	// in preference order; the first that exits 0 wins, and its output gives
	// the version.
	Probes(repo fs.FS) []Probe
}

// LocalOnly is an optional capability of a Detector whose framework runs
// only from the project's own installation, never from PATH nor a
// download (vitest; seed 003: no global or downloaded fallback).
type LocalOnly interface {
	// Missing says why the framework cannot run in repo ("it is not
	// installed in the project (no node_modules/.bin/vitest)") and how to
	// install it, naming the command ("install the project's dependencies
	// with `npm ci`"); both "" when the project's installation is there.
	Missing(repo fs.FS) (why, fix string)
}

// Reporter is the reporting half of a driver, used by core/execution to
// run a job with structured output and judge it. The optional capabilities
// Batcher, Classifier, Transcriber and Refresher are found by type assertion; each
// driver having one says so with a compile-time check.
type Reporter interface {
	// Prepare adds what the framework needs for structured output to a
	// resolved invocation; scratch is a private directory for report files.
	Prepare(argv []string, scratch string) Prepared
	// Parse reads the structured result of a run.
	Parse(res Result, report []byte) TestReport
}

// Classifier is an optional capability of a Reporter: naming the kind of
// a failed run (pytest: pytest-import-error, ...), reported as test.type.
type Classifier interface {
	Classify(TestReport) string
}

// Transcriber is an optional capability of a Reporter whose structured
// output replaces the human one on stdout (go test -json): Transcript
// turns it back into text for the finding's stdout tail.
type Transcriber interface {
	Transcript(stdout []byte) []byte
}

// Refresher is an optional capability of a Reporter whose framework may
// replay cached results (go test): Fresh returns argv asking for a real
// run. ah check --strict uses it, so a strict verdict rests only on tests
// that ran in this check, never on a cache a test could have written.
type Refresher interface {
	Fresh(argv []string) []string
}

// ToolChecker is an optional capability of a Reporter whose framework is
// loaded by a program that can start without it (pytest as `python3 -m
// pytest`): after a run that failed without a report, ah runs the probe
// Check returns, and a probe that fails proves the framework missing, so
// the gate names it once instead of failing every binding on it. The
// probe is ah's own command: nothing the run printed decides it.
type ToolChecker interface {
	// Check returns the probe for a run of argv (the invocation as
	// resolved, before Prepare) and the tool it proves, as a message names
	// it ("pytest for python3"); nil when argv gives nothing to probe.
	Check(argv []string) (probe []string, tool string)
}

// Probe is a command whose success shows a framework is runnable.
type Probe struct {
	// Argv is the probe command; Command is the argv prefix to run tests
	// with when the probe succeeds.
	Argv    []string
	Command []string
	// Version extracts the framework version from the probe's output.
	Version func(stdout, stderr []byte) string
	// CommandOf, when set, replaces Command: it reads the test command
	// from the probe's stdout (the interpreter a pytest script runs
	// with); nil or empty means the probe proved nothing.
	CommandOf func(stdout []byte) []string
	// Label, when set, names the probe in reports instead of its argv.
	Label string
}

// Prepared is an invocation with the framework's reporter switched on.
type Prepared struct {
	Argv []string
	Env  []string
	// ReportFile, when set, is read after the run and passed to Parse.
	ReportFile string
	// Files are written into scratch before the run (name -> content), for
	// example a reporter plugin.
	Files map[string][]byte
	// TailBytes is how much of stdout and stderr Parse needs (the whole
	// stream, for frameworks that report on stdout); zero means the default
	// tails. Parse must treat output cut short as unparsed.
	TailBytes int
	// Stream, when set, parses stdout while the test runs and replaces
	// Parse, so a run keeps only TailBytes however much the test prints.
	// Prepare makes a new one for every run.
	Stream ReportStream
	// Stderr, when set, receives stderr as it is written, for a Stream
	// that also reads it (cargo's compile errors); its Report sees both.
	Stderr io.Writer
}

// ReportStream parses a framework's structured stdout as it arrives.
type ReportStream interface {
	io.Writer
	// Report is the parsed result once the run has ended; res carries the
	// exit status and the tails.
	Report(res Result) TestReport
}

// Watcher is an optional capability of a ReportStream whose framework
// says, while it runs, that a part of the run has ended (go: a package's
// own pass, fail or skip line): fn is then called from Write, before the
// run ends, with the part's name and the tests reported in it. It feeds
// progress only: a test printing the framework's framing can announce a
// part early or twice, so nothing read here may decide a verdict. Watch
// is called before the first Write.
type Watcher interface {
	Watch(fn func(part string, tests []TestCase))
}

// Scratch provides private temporary directories for report files.
type Scratch interface {
	// MkdirTemp creates a new empty directory and returns its absolute path.
	MkdirTemp(ctx context.Context) (string, error)
	WriteFile(path string, data []byte) error
	ReadFile(path string) ([]byte, error)
	RemoveAll(path string) error
}
