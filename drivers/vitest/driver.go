package vitest

import (
	"encoding/json"
	"errors"
	"io/fs"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/espectacular/ah/drivers/argv"
	"github.com/espectacular/ah/ports"
)

// Name is the adapter name of vitest in config and output.
const Name = "vitest"

// ReporterName is ah's reporter module inside the scratch directory, and
// PatternsName the name patterns it evaluates, next to it.
const (
	ReporterName = "ah-reporter.mjs"
	PatternsName = "ah-patterns.json"
)

// localBin is the project's own vitest, installed by npm, pnpm or yarn.
const localBin = "node_modules/.bin/vitest"

// Driver is the vitest adapter.
type Driver struct{}

var (
	_ ports.Driver      = Driver{}
	_ ports.Transcriber = Driver{}
)

// New returns the vitest adapter.
func New() Driver { return Driver{} }

// Framework implements ports.Detector: TypeScript and JavaScript test
// types run vitest; test files importing vitest are source_import evidence.
func (Driver) Framework() ports.Framework {
	return ports.Framework{Name: Name, Aliases: []string{"typescript", "javascript"}, SourceFile: sourceFile, Imports: importsFramework}
}

// DefaultCommand implements ports.Driver: the project's own vitest. There
// is no other: a vitest on PATH or one npx would fetch is never run
// (seed 003); Missing says how to install it when it is not there.
func (Driver) DefaultCommand(fs.FS) []string { return []string{localBin, "run"} }

// Probes implements ports.Driver: the project's own binary, only. A
// vitest on PATH is never probed nor run, and neither is `npx vitest`.
func (Driver) Probes(repo fs.FS) []ports.Probe {
	if !hasLocalBin(repo) {
		return nil
	}
	return []ports.Probe{{Argv: []string{localBin, "--version"}, Command: []string{localBin, "run"}, Version: Version}}
}

var _ ports.LocalOnly = Driver{}

// Missing implements ports.LocalOnly: without node_modules/.bin/vitest,
// the command that installs the project's dependencies as its lockfile
// says, or that adds vitest when package.json does not declare it.
func (d Driver) Missing(repo fs.FS) (why, fix string) {
	if hasLocalBin(repo) {
		return "", ""
	}
	const never = " (a vitest on PATH is never run)"
	if !d.Manifest(repo) {
		return "vitest is not installed in the project (no " + localBin + ")", "add it with `" + addCommand(repo) + "`" + never
	}
	return "it is not installed in the project (no " + localBin + ")", "install the project's dependencies with `" + installCommand(repo) + "`" + never
}

// lockfiles maps each package manager's lockfile to the command that
// installs exactly what it pins, then the command that adds vitest, in
// the order they are looked for.
var lockfiles = []struct{ file, install, add string }{
	{"pnpm-lock.yaml", "pnpm install --frozen-lockfile", "pnpm add -D vitest"},
	{"yarn.lock", "yarn install --frozen-lockfile", "yarn add -D vitest"},
	{"bun.lock", "bun install --frozen-lockfile", "bun add -d vitest"},
	{"bun.lockb", "bun install --frozen-lockfile", "bun add -d vitest"},
	{"package-lock.json", "npm ci", "npm install -D vitest"},
	{"npm-shrinkwrap.json", "npm ci", "npm install -D vitest"},
}

func installCommand(repo fs.FS) string {
	for _, l := range lockfiles {
		if isFile(repo, l.file) {
			return l.install
		}
	}
	return "npm install"
}

func addCommand(repo fs.FS) string {
	for _, l := range lockfiles {
		if isFile(repo, l.file) {
			return l.add
		}
	}
	return "npm install -D vitest"
}

var versionLine = regexp.MustCompile(`vitest/(\d\S*)`)

// Version extracts the version from `vitest --version` ("vitest/4.1.12
// linux-x64 node-v20.20.2").
func Version(stdout, _ []byte) string {
	if m := versionLine.FindSubmatch(stdout); m != nil {
		return string(m[1])
	}
	return ""
}

// Manifest implements ports.Driver: package.json, decoded, lists vitest in
// dependencies or devDependencies.
func (Driver) Manifest(repo fs.FS) bool {
	data, err := fs.ReadFile(repo, "package.json")
	if err != nil {
		return false
	}
	var pkg struct {
		Dependencies    map[string]json.RawMessage `json:"dependencies"`
		DevDependencies map[string]json.RawMessage `json:"devDependencies"`
	}
	if json.Unmarshal(data, &pkg) != nil {
		return false
	}
	_, dep := pkg.Dependencies[Name]
	_, dev := pkg.DevDependencies[Name]
	return dep || dev
}

var testFile = regexp.MustCompile(`\.(?:test|spec)\.[cm]?[jt]sx?$`)

// sourceFile is vitest's default test file patterns.
func sourceFile(name string) bool { return testFile.MatchString(path.Base(name)) }

var importsVitest = regexp.MustCompile(`(?:from\s*|import\s*\(?\s*|require\(\s*)["']vitest["']`)

// importsFramework is `from "vitest"`, `from 'vitest'`, `import("vitest")`
// or `require("vitest")`.
func importsFramework(content []byte) bool { return importsVitest.Match(content) }

// RunsFramework implements ports.Driver: argv names a vitest executable
// (`vitest`, `node_modules/.bin/vitest`, `npx vitest`, `pnpm vitest`).
func (Driver) RunsFramework(words []string) bool { return argv.Find(words, Name) >= 0 }

// Prepare implements ports.Driver: ReporterArgs go at the end (before any
// `--`), loading ah's reporter from scratch, which streams the results onto
// stdout (Stream); colour is turned off. The coverage reports directory,
// unless the argv names one, is the run's own in scratch (issue 36): with
// coverage enabled in the config, every vitest run cleans that directory
// and keeps its per-worker data in its .tmp, so parallel runs in one tree
// removed each other's files; without coverage vitest ignores it. The reporter evaluates every name
// pattern of the argv, and each group of a batch's alternation, with
// JavaScript's RegExp (patterns).
func (Driver) Prepare(words []string, scratch string) ports.Prepared {
	if argv.Find(words, Name) < 0 {
		return ports.Prepared{Argv: slices.Clone(words)}
	}
	end := len(words)
	if i := slices.Index(words, "--"); i >= 0 {
		end = i
	}
	cands := patterns(words[:end])
	list, _ := json.Marshal(cands)
	args := ReporterArgs(filepath.Join(scratch, ReporterName))
	if !slices.ContainsFunc(words[:end], func(w string) bool { return strings.HasPrefix(w, CoverageDirFlag) }) {
		args = append(args, CoverageDirFlag+"="+filepath.Join(scratch, CoverageDir))
	}
	return ports.Prepared{
		Argv: slices.Concat(words[:end], args, words[end:]),
		// The console output ends up in a finding's tails, where colour
		// codes are noise: vitest colours even into a pipe.
		Env:    []string{"NO_COLOR=1"},
		Files:  map[string][]byte{ReporterName: reporterJS, PatternsName: list},
		Stream: NewStream(cands),
	}
}

// patterns are the name patterns of an argv (`-t p`, `-t=p`,
// `--testNamePattern p` and `--testNamePattern=p`), each followed by its
// groups when it is a batch's alternation, without repeats.
func patterns(words []string) []string {
	out := []string{}
	add := func(p string) {
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	for i := 0; i < len(words); i++ {
		name, value, hasValue := strings.Cut(words[i], "=")
		if name != "-t" && name != "--testNamePattern" {
			continue
		}
		if !hasValue {
			if i+1 >= len(words) {
				break
			}
			value, i = words[i+1], i+1
		}
		add(value)
		if parts, ok := alternatives(value); ok {
			for _, p := range parts {
				add(p)
			}
		}
	}
	return out
}

// Parse implements ports.Driver. Prepare streams every run, so Parse only
// sees a run Prepare did not reach: it reads whatever records its stdout
// tail holds.
func (Driver) Parse(res ports.Result, _ []byte) ports.TestReport {
	s := NewStream(nil)
	_, _ = s.Write(res.Stdout)
	return s.Report(res)
}

// hasLocalBin is true when node_modules/.bin/vitest is a file, or is there
// but out of ah's reach: a node_modules linked outside the repository (a
// hoisted or shared install) is refused by the confined file system, yet
// the process that runs it follows the link, so the probe decides.
func hasLocalBin(repo fs.FS) bool {
	fi, err := fs.Stat(repo, localBin)
	if err != nil {
		return !errors.Is(err, fs.ErrNotExist)
	}
	return !fi.IsDir()
}

func isFile(repo fs.FS, name string) bool {
	fi, err := fs.Stat(repo, name)
	return err == nil && !fi.IsDir()
}
