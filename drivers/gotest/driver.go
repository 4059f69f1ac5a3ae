package gotest

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"regexp"
	"slices"
	"strings"

	"github.com/espectacular/ah/drivers/argv"
	"github.com/espectacular/ah/ports"
)

// Name is the adapter name of go test in config and output.
const Name = "go"

// OutputBytes is how much of stdout and stderr a run keeps: the test2json
// stream is parsed while it is written (Stream), so only the tail that the
// finding's transcript is made of is kept.
const OutputBytes = 64 << 10

// Driver is the go test adapter.
type Driver struct{}

var _ ports.Driver = Driver{}

// New returns the go adapter.
func New() Driver { return Driver{} }

var _ ports.Transcriber = Driver{}

// Framework implements ports.Detector: the adapter name is already the
// language name, and "golang" is its common spelling; Go test files
// importing "testing" are source_import evidence.
func (Driver) Framework() ports.Framework {
	return ports.Framework{Name: Name, Aliases: []string{"golang"}, SourceFile: sourceFile, Imports: importsFramework}
}

// DefaultCommand implements ports.Driver.
func (Driver) DefaultCommand(fs.FS) []string { return []string{"go", "test"} }

// Probes implements ports.Driver: `go version`.
func (Driver) Probes(fs.FS) []ports.Probe {
	return []ports.Probe{{Argv: []string{"go", "version"}, Command: []string{"go", "test"}, Version: Version}}
}

var versionLine = regexp.MustCompile(`go version go(\S+)`)

// Version extracts the toolchain version from `go version` ("go version
// go1.26.8 linux/amd64" -> "1.26.8").
func Version(stdout, _ []byte) string {
	if m := versionLine.FindSubmatch(stdout); m != nil {
		return string(m[1])
	}
	return ""
}

var moduleLine = regexp.MustCompile(`(?m)^\s*module\s+\S`)

// Manifest implements ports.Driver: a go.mod with a module directive at the
// repository root.
func (Driver) Manifest(repo fs.FS) bool {
	data, err := fs.ReadFile(repo, "go.mod")
	return err == nil && moduleLine.Match(data)
}

// sourceFile is a Go test file.
func sourceFile(name string) bool { return strings.HasSuffix(name, "_test.go") }

var importsTesting = regexp.MustCompile(`(?m)^\s*(?:import\s+)?(?:\w+\s+)?"testing"`)

// importsFramework is true when the file imports "testing".
func importsFramework(content []byte) bool { return importsTesting.Match(content) }

// RunsFramework implements ports.Driver: argv is `go test ...`.
func (Driver) RunsFramework(words []string) bool { return testAt(words) >= 0 }

// Prepare implements ports.Driver: Args go right after `test`, each unless
// argv already sets it (a contract may ask for -count=3).
func (Driver) Prepare(words []string, _ string) ports.Prepared {
	at := testAt(words)
	if at < 0 {
		return ports.Prepared{Argv: slices.Clone(words)}
	}
	extra := argv.Without(words[at+1:], Args())
	return ports.Prepared{Argv: slices.Concat(words[:at+1], extra, words[at+1:]), TailBytes: OutputBytes, Stream: NewStream(words[at+1:]...)}
}

var _ ports.Refresher = Driver{}

// Fresh implements ports.Refresher: NoCacheFlag right after `test`,
// unless argv sets a count of its own.
func (Driver) Fresh(words []string) []string {
	at := testAt(words)
	if at < 0 {
		return words
	}
	extra := argv.Without(words[at+1:], []string{NoCacheFlag})
	return slices.Concat(words[:at+1], extra, words[at+1:])
}

// Parse implements ports.Driver: it reads the captured test2json stream.
// A stream longer than the kept tail is unparsed.
func (Driver) Parse(res ports.Result, _ []byte) ports.TestReport {
	if int64(len(res.Stdout)) < res.StdoutBytes {
		return ports.TestReport{}
	}
	return Parse(res.Stdout)
}

// testAt returns the index of the `test` subcommand of a go argv, or -1.
func testAt(words []string) int {
	i := argv.Find(words, "go")
	if i < 0 || i+1 >= len(words) || words[i+1] != "test" {
		return -1
	}
	return i + 1
}

// Transcript turns a test2json stream back into the text go test prints
// without -json, for the stdout tail people read: the Output of every event,
// in order, and any line that is not an event as it was.
func (Driver) Transcript(stdout []byte) []byte {
	var b bytes.Buffer
	for line := range bytes.Lines(stdout) {
		if t := bytes.TrimSpace(line); len(t) > 0 && t[0] == '{' {
			var ev struct{ Output string }
			if json.Unmarshal(t, &ev) == nil {
				b.WriteString(ev.Output)
				continue
			}
		}
		b.Write(line)
	}
	return b.Bytes()
}
