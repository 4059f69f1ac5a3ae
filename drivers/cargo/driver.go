package cargo

import (
	"io/fs"
	"regexp"
	"slices"
	"strings"

	"github.com/espectacular/ah/drivers/argv"
	"github.com/espectacular/ah/ports"
)

// Name is the adapter name of cargo in config and output.
const Name = "cargo"

// Driver is the cargo test adapter.
type Driver struct{}

var _ ports.Driver = Driver{}

// New returns the cargo adapter.
func New() Driver { return Driver{} }

// Framework implements ports.Detector: Rust test types run cargo test.
// Rust tests import no framework, so there is no source_import evidence.
func (Driver) Framework() ports.Framework {
	return ports.Framework{Name: Name, Aliases: []string{"rust"}}
}

// DefaultCommand implements ports.Driver.
func (Driver) DefaultCommand(fs.FS) []string { return []string{"cargo", "test"} }

// Probes implements ports.Driver: `cargo --version`.
func (Driver) Probes(fs.FS) []ports.Probe {
	return []ports.Probe{{Argv: []string{"cargo", "--version"}, Command: []string{"cargo", "test"}, Version: Version}}
}

var versionLine = regexp.MustCompile(`(?m)^cargo (\d\S*)`)

// Version extracts the version from `cargo --version` ("cargo 1.95.0 (...)").
func Version(stdout, _ []byte) string {
	if m := versionLine.FindSubmatch(stdout); m != nil {
		return string(m[1])
	}
	return ""
}

// Manifest implements ports.Driver: a Cargo.toml at the repository root.
func (Driver) Manifest(repo fs.FS) bool {
	fi, err := fs.Stat(repo, "Cargo.toml")
	return err == nil && !fi.IsDir()
}

// RunsFramework implements ports.Driver: argv is `cargo [+toolchain]
// [options] test ...` (or the `t` alias).
func (Driver) RunsFramework(words []string) bool { return testAt(words) >= 0 }

// Prepare implements ports.Driver: Args go after `test` and before any `--`
// (after `--` they would reach the test binaries), each unless argv already
// has it, since cargo rejects a repeated --color.
func (Driver) Prepare(words []string, _ string) ports.Prepared {
	at := testAt(words)
	if at < 0 {
		return ports.Prepared{Argv: slices.Clone(words)}
	}
	end := len(words)
	if i := slices.Index(words[at:], "--"); i >= 0 {
		end = at + i
	}
	extra := argv.Without(words[at:end], Args())
	// Both streams are parsed as they are written (Stream), so a run keeps
	// only the default tails however much its tests print (issue 7).
	st := NewStream()
	return ports.Prepared{Argv: slices.Concat(words[:end], extra, words[end:]), Stream: st, Stderr: st.Stderr()}
}

// Parse implements ports.Driver: it reads captured stdout and stderr, for
// a run that was not streamed. Output longer than the kept tail is unparsed: tests scrolled out of it
// would be missing, and a run could look as if it selected nothing.
func (Driver) Parse(res ports.Result, _ []byte) ports.TestReport {
	if int64(len(res.Stdout)) < res.StdoutBytes || int64(len(res.Stderr)) < res.StderrBytes {
		return ports.TestReport{}
	}
	return Parse(res.Stdout, res.Stderr)
}

// testAt returns the index of the `test` subcommand (or its alias `t`) in a
// cargo argv, after any `+toolchain` and global options; -1 when argv does
// not run cargo test.
func testAt(words []string) int {
	i := argv.Find(words, "cargo")
	if i < 0 {
		return -1
	}
	for j := i + 1; j < len(words); j++ {
		w := words[j]
		if strings.HasPrefix(w, "+") || strings.HasPrefix(w, "-") {
			continue
		}
		if w == "test" || w == "t" {
			return j
		}
		break
	}
	return -1
}
