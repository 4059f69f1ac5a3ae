package pytest

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/espectacular/ah/drivers/argv"
	"github.com/espectacular/ah/drivers/headtail"
	"github.com/espectacular/ah/ports"
)

// Name is the adapter name of pytest in config and output.
const Name = "pytest"

// NoCacheArgs keep pytest from writing .pytest_cache into the repository.
var NoCacheArgs = []string{"-p", "no:cacheprovider"}

// CoverageFile is the coverage data file of a run, in its scratch
// directory (COVERAGE_FILE, which coverage.py reads over its config): two
// runs in one working tree with `addopts = --cov` otherwise erase and
// combine one `.coverage` together, and pytest-cov fails a passing run
// with exit 3 (issue 36).
const CoverageFile = ".coverage"

// KindUsage is the ReportError kind Driver.Parse adds when pytest stopped
// before running anything for a reason of its own: a usage error such as a
// node id that does not exist (exit 4), an internal error (exit 3) or an
// interruption (exit 2) with no collection error to show for it.
const KindUsage = ports.KindUsage

// Driver is the pytest adapter.
type Driver struct{}

var _ ports.Driver = Driver{}

// New returns the pytest adapter.
func New() Driver { return Driver{} }

var _ ports.Classifier = Driver{}

// Framework implements ports.Detector: Python test types run pytest; test
// files importing pytest are source_import evidence.
func (Driver) Framework() ports.Framework {
	return ports.Framework{Name: Name, Aliases: []string{"python"}, SourceFile: sourceFile, Imports: importsFramework}
}

// RunsFramework implements ports.Driver: argv runs pytest when it names a
// pytest executable (`pytest`, `.venv/bin/pytest`, `uv run pytest`) or a
// Python module run of it (`python3 -m pytest`).
func (Driver) RunsFramework(words []string) bool { return pytestEnd(words) >= 0 }

// Prepare implements ports.Driver. It loads the bundled plugin right after
// the pytest token, writes the plugin and a fresh key into scratch, puts
// scratch on PYTHONPATH and reads the report from stdout as pytest writes
// it (see Stream); an argv that does not run pytest (a tox or make
// wrapper) is left alone, since the flags would reach another program.
func (Driver) Prepare(words []string, scratch string) ports.Prepared {
	at := pytestEnd(words)
	if at < 0 {
		return ports.Prepared{Argv: slices.Clone(words)}
	}
	extra := append(PluginArgs(), NoCacheArgs...)
	out := slices.Concat(words[:at], extra, words[at:])
	key := NewKey()
	return ports.Prepared{
		Argv:   out,
		Env:    []string{"PYTHONPATH=" + scratch, "COVERAGE_FILE=" + filepath.Join(scratch, CoverageFile)},
		Files:  map[string][]byte{PluginModule + ".py": PluginSource, KeyFile: []byte(key + "\n")},
		Stream: NewStream(key),
	}
}

// Parse implements ports.Driver: it reads the plugin's report. A run that
// exited with a usage, internal or interruption status without reporting a
// failure gets a KindUsage error, so it is never taken for a run that
// merely selected nothing (exit 5); so does exit 4 before the plugin wrote
// anything (flags pytest rejects). A run ah stopped (timeout, Ctrl-C,
// signal) exits 2 from pytest's interrupt handling: that is no usage error.
func (Driver) Parse(res ports.Result, report []byte) ports.TestReport {
	r := Parse(report)
	if res.TimedOut || res.Canceled || res.Signaled {
		return r
	}
	if !r.Parsed && res.ExitCode == 4 && len(r.Tests) == 0 && len(r.Errors) == 0 {
		r.Parsed = true
	}
	if !r.Parsed || len(r.Errors) > 0 || slices.ContainsFunc(r.Tests, failed) {
		return r
	}
	switch res.ExitCode {
	case 2, 3, 4:
		msg := strings.TrimSpace(string(res.Stderr))
		if msg == "" {
			msg = strings.TrimSpace(string(res.Stdout))
		}
		r.Errors = append(r.Errors, ports.ReportError{Kind: KindUsage, Message: headtail.Clip(msg, MaxMessage)})
	}
	return r
}

// Classify returns the `test.type` of a failed run (see the package
// function Classify).
func (Driver) Classify(r ports.TestReport) string { return Classify(r) }

func failed(tc ports.TestCase) bool { return tc.Status == ports.TestFailed }

// pytestEnd returns the index just after the word that starts pytest in
// argv (`pytest`, `.venv/bin/pytest`, or the `pytest` of `python3 -m
// pytest`), or -1.
func pytestEnd(words []string) int {
	if i := argv.Find(words, "pytest", "py.test"); i >= 0 {
		return i + 1
	}
	return -1
}
