package gotest

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/espectacular/ah/drivers/headtail"
	"github.com/espectacular/ah/ports"
)

// MaxMessage bounds TestCase.Message and ReportError.Message, in bytes.
const MaxMessage = 4096

// event is one test2json record; fields ah does not use (Time, Elapsed) are
// left out so cached runs, which omit Time, decode the same way.
type event struct {
	Action      string
	Package     string
	Test        string
	Output      string
	ImportPath  string
	FailedBuild string
	// Elapsed is a test's duration in seconds, on its terminal event.
	Elapsed float64
}

type testState struct {
	id      string
	name    string
	repeat  int              // the iteration of -count=N this result is, from 0
	status  ports.TestStatus // empty until a pass, fail or skip event
	started bool             // a run event was seen
	elapsed time.Duration
	output  headtail.Buffer
	// subtests are the tests started within this one, for announcing
	// its end with them (ports.Watcher).
	subtests []*testState
}

type pkgState struct {
	path        string
	done        bool
	failed      bool
	failedBuild string
	output      headtail.Buffer
	tests       []*testState
	byName      map[string]*testState
	// cached: the package's last output line before its end is go's own
	// "ok <package> (cached)" (issue 36).
	cached bool
}

type buildState struct {
	importPath string
	output     headtail.Buffer
	failed     bool
}

type parser struct {
	// plan is what the command line lets the test binary run; a result
	// it cannot produce is an anomaly, never evidence (plan.go).
	plan   plan
	pkgs   []*pkgState
	byPath map[string]*pkgState
	builds []*buildState
	byImp  map[string]*buildState
	// anomalies are events no honest go test stream contains (see
	// ports.TestReport.Anomalies).
	anomalies []string
	// ended, when set, is told of each package as it ends (ports.Watcher).
	ended func(part string, tests []ports.TestCase)
	// unrunnable are the results of names the plan rules out, in the
	// order they came (ports.TestReport.Unrunnable).
	unrunnable []ports.TestCase
}

// Parse reads the stdout of `go test -json` and returns the tests it ran.
//
// Test IDs are `<import path>.<TestName>`, with subtests as `TestX/sub` (go
// test has already replaced spaces in subtest names with underscores). A
// package that fails with no failing test, such as a panic in TestMain,
// yields a ReportError of KindPackage; build, vet and setup failures yield
// KindBuild. A test that started but never finished, because the binary timed
// out or crashed, is reported failed. Parsed is false when the stream is empty,
// holds a line that is not valid JSON (cut mid-way), or ends before every
// started package has finished; Tests and Errors then hold what was read so far.
func Parse(stdout []byte) ports.TestReport {
	s := NewStream()
	_, _ = s.Write(stdout)
	return s.Report(ports.Result{})
}

func (p *parser) handle(ev event) {
	switch ev.Action {
	case "build-output", "build-fail":
		b := p.build(ev.ImportPath)
		b.output.WriteString(ev.Output)
		if ev.Action == "build-fail" {
			b.failed = true
		}
		return
	}
	if ev.Package == "" {
		return
	}
	pkg := p.pkg(ev.Package)
	if ev.Test == "" {
		switch ev.Action {
		case "output":
			pkg.output.WriteString(ev.Output)
			pkg.cached = replayed.MatchString(ev.Output)
		case "pass", "skip":
			pkg.done = true
			p.announce(pkg)
		case "fail":
			pkg.done, pkg.failed, pkg.failedBuild = true, true, ev.FailedBuild
			p.announce(pkg)
		}
		return
	}
	if !p.plan.runs(ev.Test) {
		// The testing package never runs this name under this command
		// line (a benchmark without -bench, a name -run cannot select):
		// something else printed its framing. It is no evidence, and a
		// stream holding it is inconsistent: ah fails closed on it.
		if ev.Action == "run" || terminal[ev.Action] != "" {
			if msg := "a result for " + ev.Package + "." + ev.Test + ", which this command line cannot run"; !slices.Contains(p.anomalies, msg) {
				p.anomalies = append(p.anomalies, msg)
			}
		}
		if status := terminal[ev.Action]; status != "" {
			p.unrunnable = append(p.unrunnable, ports.TestCase{
				ID: ev.Package + "." + ev.Test, Path: []string{ev.Package, ev.Test}, Status: status,
			})
		}
		return
	}
	t := pkg.test(ev.Test)
	if ev.Action == "run" && t.status != "" && t.repeat+1 < p.plan.count {
		// -count=N runs every test N times: the next run is a new result.
		t = pkg.again(t)
	}
	status := terminal[ev.Action]
	switch {
	case ev.Action == "output":
		t.output.WriteString(ev.Output)
	case ev.Action == "run":
		p.started(pkg, t, ev.Test)
	case status == "":
	case t.status != "":
		// The first result is final: a second one (a forged "--- PASS"
		// line after a real failure) only marks the stream untrustworthy.
		p.anomalies = append(p.anomalies, fmt.Sprintf("a second result (%s after %s) for %s", status, t.status, t.id))
	case !t.started:
		p.anomalies = append(p.anomalies, fmt.Sprintf("a result (%s) for %s, which never started", status, t.id))
		t.status = status
	default:
		t.status, t.elapsed = status, time.Duration(ev.Elapsed*float64(time.Second))
		p.announceTest(pkg, t)
	}
}

// started records a test's run event. A test starts once, before its
// result; a subtest starts while its parent runs (t.Run waits for it), so
// a run event breaking either rule was written by something other than
// the testing package: a test printing go test's framing, or writing
// events into go test's own stdout.
func (p *parser) started(pkg *pkgState, t *testState, name string) {
	switch {
	case t.status != "":
		p.anomalies = append(p.anomalies, fmt.Sprintf("%s started again after its result (%s)", t.id, t.status))
	case t.started:
		p.anomalies = append(p.anomalies, t.id+" started twice")
	}
	if strings.Contains(name, "/") && !pkg.runningParent(name) {
		p.anomalies = append(p.anomalies, fmt.Sprintf("%s started outside its running parent", t.id))
	}
	t.started = true
}

// runningParent reports whether some test whose name is a `/`-prefix of
// name is running (a subtest's own name may hold a slash).
func (pkg *pkgState) runningParent(name string) bool {
	for i := len(name) - 1; i > 0; i-- {
		if name[i] != '/' {
			continue
		}
		if parent, ok := pkg.byName[name[:i]]; ok && parent.started && parent.status == "" {
			return true
		}
	}
	return false
}

// terminal maps the test2json actions that end a test to its status.
var terminal = map[string]ports.TestStatus{"pass": ports.TestPassed, "fail": ports.TestFailed, "skip": ports.TestSkipped}

func (p *parser) pkg(path string) *pkgState {
	if pkg, ok := p.byPath[path]; ok {
		return pkg
	}
	pkg := &pkgState{path: path, byName: map[string]*testState{}, output: headtail.Buffer{Keep: keepOutput}}
	p.byPath[path] = pkg
	p.pkgs = append(p.pkgs, pkg)
	return pkg
}

func (pkg *pkgState) test(name string) *testState {
	if t, ok := pkg.byName[name]; ok {
		return t
	}
	t := &testState{id: pkg.path + "." + name, name: name, output: headtail.Buffer{Keep: keepOutput}}
	for i := len(name) - 1; i > 0; i-- {
		if parent, ok := pkg.byName[name[:i]]; name[i] == '/' && ok {
			parent.subtests = append(parent.subtests, t)
			break
		}
	}
	pkg.byName[name] = t
	pkg.tests = append(pkg.tests, t)
	return t
}

// again starts the next -count iteration of a finished test.
func (pkg *pkgState) again(prev *testState) *testState {
	t := &testState{id: prev.id, name: prev.name, repeat: prev.repeat + 1, output: headtail.Buffer{Keep: keepOutput}}
	pkg.byName[prev.name] = t
	pkg.tests = append(pkg.tests, t)
	return t
}

func (p *parser) build(importPath string) *buildState {
	if b, ok := p.byImp[importPath]; ok {
		return b
	}
	b := &buildState{importPath: importPath, output: headtail.Buffer{Keep: keepOutput}}
	p.byImp[importPath] = b
	p.builds = append(p.builds, b)
	return b
}

func (p *parser) report() ports.TestReport {
	report := ports.TestReport{Parsed: true, Anomalies: slices.Clone(p.anomalies), Unrunnable: slices.Clone(p.unrunnable)}
	for _, b := range p.builds {
		if b.failed {
			report.Errors = append(report.Errors, buildError(b.importPath, b.output.String()))
		}
	}
	for _, pkg := range p.pkgs {
		if !pkg.done {
			report.Parsed = false
		}
		testFailed := false
		for _, t := range pkg.tests {
			if pkg.failedBySubtests(t) {
				// go fails a parent whose subtest failed: the subtest's
				// own result carries that failure, and the parent's
				// claims nothing more (issue 36).
				testFailed = true
				continue
			}
			tc := pkg.testCase(t)
			switch t.status {
			case ports.TestFailed, ports.TestSkipped:
				tc.Message = headtail.Clip(testMessage(t.output.String()), MaxMessage)
				if t.status == ports.TestFailed && panicked.MatchString(t.output.String()) {
					// A panic ends the test binary: the tests after it
					// never ran, so the report is not whole.
					report.Anomalies = append(report.Anomalies, t.id+" panicked and ended the test binary")
				}
			case "":
				report.Anomalies = append(report.Anomalies, t.id+" did not finish before the test binary exited")
				// A -timeout panic or a crash ends the binary while the test
				// runs: no pass, fail or skip event ever comes for it.
				tc.Status = ports.TestFailed
				tc.Message = headtail.Clip("test did not finish before the test binary exited\n"+
					testMessage(t.output.String()), MaxMessage)
			}
			testFailed = testFailed || tc.Status == ports.TestFailed
			report.Tests = append(report.Tests, tc)
		}
		switch {
		case !pkg.failed:
		case pkg.failedBuild != "":
			// Before go1.24 (or with GODEBUG=gotestjsonbuildtext=1) the build
			// output went to stderr as text: only the package event remains.
			if b, ok := p.byImp[pkg.failedBuild]; !ok || !b.failed {
				report.Errors = append(report.Errors, buildError(pkg.failedBuild, pkg.output.String()))
			}
		case !testFailed:
			report.Errors = append(report.Errors, packageError(pkg))
		}
	}
	return report
}

// announce tells the watcher a package ended, with its tests as the
// report will hold them (a test with no result counts as failed).
func (p *parser) announce(pkg *pkgState) {
	if p.ended == nil {
		return
	}
	var tests []ports.TestCase
	for _, t := range pkg.tests {
		if pkg.failedBySubtests(t) {
			continue
		}
		tc := pkg.testCase(t)
		if tc.Status == "" {
			tc.Status = ports.TestFailed
		}
		tests = append(tests, tc)
	}
	p.ended(pkg.path, tests)
}

// TestPart is the part a watcher is told of when one test ends, with its
// subtests (ports.Watcher): the package's import path and the test's
// name, joined by a NUL, which neither holds.
func TestPart(pkg, name string) string { return pkg + "\x00" + name }

// announceTest tells the watcher a test ended, with the subtests started
// within it, all ended by then: a selection of exactly this test is then
// whole (Within). Not under -count=N, where the test runs again.
func (p *parser) announceTest(pkg *pkgState, t *testState) {
	if p.ended == nil || p.plan.count > 1 {
		return
	}
	var tests []ports.TestCase
	var walk func(*testState)
	walk = func(t *testState) {
		tc := pkg.testCase(t)
		if tc.Status == "" {
			tc.Status = ports.TestFailed
		}
		tests = append(tests, tc)
		for _, c := range t.subtests {
			walk(c)
		}
	}
	walk(t)
	p.ended(TestPart(pkg.path, t.name), tests)
}

// testCase is t's result as reported.
func (pkg *pkgState) testCase(t *testState) ports.TestCase {
	return ports.TestCase{ID: t.id, Path: []string{pkg.path, t.name}, Repeat: t.repeat, Status: t.status, Duration: t.elapsed, Cached: pkg.cached}
}

// failedBySubtests reports whether t failed only because a subtest of the
// same iteration failed: go's own rule fails the parent, and the parent
// said nothing of its own (its output is framing only).
func (pkg *pkgState) failedBySubtests(t *testState) bool {
	if t.status != ports.TestFailed || testMessage(t.output.String()) != "" {
		return false
	}
	return slices.ContainsFunc(pkg.tests, func(c *testState) bool {
		return c.repeat == t.repeat && c.status == ports.TestFailed && strings.HasPrefix(c.name, t.name+"/")
	})
}

// replayed matches the line go test itself writes last for a package
// whose result it replayed from its test cache. Nothing the tests print
// can follow it: a replay runs no test, and go writes this line after the
// test binary's output has ended, so a test can only forge it earlier,
// where the next output line resets it.
var replayed = regexp.MustCompile(`^ok\s+\S+\s+\(cached\)`)

// badFlag is the test binary's answer to a flag it does not define.
// panicked matches the first line of an unrecovered panic.
var panicked = regexp.MustCompile(`(?m)^panic: `)

var badFlag = regexp.MustCompile(`(?m)^flag provided but not defined: .*$`)

// packageError is the failure of a package outside any test: a test flag
// the binary rejects is a ports.KindUsage error naming that line (its
// usage listing follows), anything else KindPackage.
func packageError(pkg *pkgState) ports.ReportError {
	out := pkg.output.String()
	if len(pkg.tests) == 0 {
		if m := badFlag.FindString(out); m != "" {
			return ports.ReportError{Kind: ports.KindUsage, Location: pkg.path, Message: m}
		}
	}
	return ports.ReportError{Kind: KindPackage, Location: pkg.path, Message: headtail.Clip(strings.TrimSpace(out), MaxMessage)}
}

// goPosition matches the first `file.go:line[:col]` of compiler or vet output.
var goPosition = regexp.MustCompile(`(?m)^(?:\./)?(\S+\.go:\d+(?::\d+)?):`)

func buildError(importPath, output string) ports.ReportError {
	location := importPath
	if m := goPosition.FindStringSubmatch(output); m != nil {
		location = m[1]
	}
	return ports.ReportError{Kind: KindBuild, Location: location, Message: headtail.Clip(strings.TrimSpace(output), MaxMessage)}
}

// framing lines are go test's own progress lines, not what the test said.
var framing = []string{"=== RUN", "=== PAUSE", "=== CONT", "=== NAME", "--- PASS:", "--- FAIL:", "--- SKIP:"}

func testMessage(output string) string {
	var kept []string
	for line := range strings.Lines(output) {
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || hasAnyPrefix(trimmed, framing) {
			continue
		}
		kept = append(kept, trimmed)
	}
	return strings.Join(kept, "\n")
}

func hasAnyPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
