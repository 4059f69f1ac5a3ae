package execution

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/ports"
)

// maxNamed bounds how many failing tests or errors a message names.
const maxNamed = 3

// Judge judges an adapter job by the one verdict rule (issue 36), the
// same whatever the batch size and with or without --strict: a run that
// did not exit 0 on its own fails on its exit status (seeds 000 and 004;
// pytest's exit 5 and vitest's "no test files" included: the finding says
// nothing was collected); a run that exited 0 passes only when its report
// arrived whole and consistent and shows at least one test its flags
// select that ran and passed, no failed test, no reported error and no
// selected skip. A report missing, cut short or inconsistent after exit 0
// is no-tests-ran: the framework ended before it reported.
func (a frameworkRunner) Judge(j Job, o Outcome) (string, func(Binding, *int64) []finding.Finding) {
	verdict := verdictOf(o)
	rep := a.parse(o)
	if verdict == Passed {
		switch {
		case rep == nil || len(rep.Anomalies) > 0:
			// A report that never arrived, was cut short or contradicts
			// itself proves nothing.
			return NoTestsRan, func(b Binding, ms *int64) []finding.Finding {
				return []finding.Finding{a.unreportedFinding(j, b, o, ms)}
			}
		case reportVerdict(*rep, 0) != Passed:
			verdict = reportVerdict(*rep, 0)
		case !a.provesSelected(j, rep):
			verdict = NoTestsRan
		}
	}
	if skipped := a.selectedSkips(j, rep); verdict == Passed && len(skipped.Tests) > 0 {
		return Failed, func(b Binding, ms *int64) []finding.Finding {
			return []finding.Finding{a.skipFinding(j, b, o, skipped, ms)}
		}
	}
	return verdict, func(b Binding, ms *int64) []finding.Finding {
		return []finding.Finding{a.finding(j, b, o, verdict, rep, ms)}
	}
}

func reportVerdict(rep ports.TestReport, exitCode int) string {
	n := tally(rep)
	switch {
	case n[ports.TestFailed] > 0 || len(rep.Errors) > 0 || exitCode != 0:
		return Failed
	case n[ports.TestPassed] == 0:
		return NoTestsRan
	}
	return Passed
}

func tally(rep ports.TestReport) map[ports.TestStatus]int {
	n := map[ports.TestStatus]int{}
	for _, t := range rep.Tests {
		n[t.Status]++
	}
	return n
}

// finding is the finding of one binding of a failed adapter job:
// test-failing (classified by the driver when it can) or no-tests-ran,
// with the adapter fields, the failing tests the report names and tails
// bounded to the default size.
func (a frameworkRunner) finding(j Job, b Binding, o Outcome, verdict string, rep *ports.TestReport, ms *int64) finding.Finding {
	f := failing(j, b, o, ms)
	if tr, ok := a.driver.(ports.Transcriber); ok && o.StartErr == nil {
		f.Test.StdoutTail = string(tr.Transcript(wholeLines(o.Result)))
	}
	t := f.Test
	t.Type = a.name
	t.Adapter, t.TestType, t.DetectionSource, t.Version = a.name, b.Entry.Type, a.source, a.version
	t.StdoutTail = lastBytes(t.StdoutTail, ports.DefaultTailBytes)
	t.StderrTail = lastBytes(t.StderrTail, ports.DefaultTailBytes)
	switch {
	case verdict == NoTestsRan:
		nf := finding.New(finding.NoTestsRan, a.noTestsMessage(j, b, o, rep))
		nf.ContractPath = f.ContractPath
		nf = nf.WithScenario(b.Capability, b.SpecPath, b.Scenario)
		nf.Test = t
		return nf
	case verdict == TimedOut:
		// A timeout says so and nothing else: what the framework printed
		// while being stopped (pytest exits 2 on the interrupt) is not a
		// usage or collection problem.
		if partial := a.partial(o); partial == nil || len(partial.Tests) == 0 {
			f.Message += "; no test had reported a result yet: if it was still building or collecting, raise timeout_seconds for this entry"
		}
	case rep != nil:
		if c, ok := a.driver.(ports.Classifier); ok {
			if class := c.Classify(*rep); class != "" {
				t.Type = class
			}
		}
		t.FailedTests = failedTests(*rep)
		if s := summary(*rep); s != "" {
			f.Message += ": " + s
		} else if verdict == Failed && !o.Result.Signaled && tally(*rep)[ports.TestPassed] == 0 {
			f.Message += ": " + nothingRan(*rep)
		}
		if invocationProblem(*rep) {
			f.SuggestedAction = finding.FixToolInvocation
		}
	}
	return f
}

// invocationProblem reports whether a failed run's report shows that the
// framework ran no test because of how it was invoked: it rejected the
// flags, found no node id or file they name, or collected nothing. Only
// a test that ran and failed, or code that did not build or import, is
// the code's problem.
func invocationProblem(rep ports.TestReport) bool {
	n := tally(rep)
	if n[ports.TestFailed] > 0 || n[ports.TestPassed] > 0 {
		return false
	}
	for _, e := range rep.Errors {
		if e.Kind != ports.KindUsage {
			return false
		}
	}
	return true
}

func (a frameworkRunner) noTestsMessage(j Job, b Binding, o Outcome, r *ports.TestReport) string {
	what := fmt.Sprintf("tests.%s[%d] of %s", b.Entry.Type, b.Entry.Index, b.ContractPath)
	rep := *r
	if n := tally(rep)[ports.TestPassed]; n > 0 {
		return fmt.Sprintf("%s passed %d tests, but none its flags select as %s matches them: a pass needs a selected test that ran and passed; %s", what, n, a.name, selectAdvice)
	}
	detail := fmt.Sprintf("exit status %d", o.Result.ExitCode)
	if n := tally(rep)[ports.TestSkipped]; n > 0 {
		detail += fmt.Sprintf(", %d skipped", n)
	}
	return fmt.Sprintf("%s ran no test (%s): %s", what, detail, selectNothing)
}

// CauseUnreported is the cause named by the no-tests-ran finding of an
// adapter run that exited 0 without a whole, consistent report (issue 36).
const CauseUnreported = "the framework ended before it reported"

// unreportedFinding is the no-tests-ran finding of an adapter run that
// exited 0 but whose report is missing, cut short or inconsistent: the
// anomaly the driver saw, when it saw one, says where it stopped.
func (a frameworkRunner) unreportedFinding(j Job, b Binding, o Outcome, ms *int64) finding.Finding {
	f := a.finding(j, b, o, Failed, nil, ms)
	why := "its report is missing or cut short"
	if p := a.partial(o); p != nil && len(p.Anomalies) > 0 {
		why = p.Anomalies[0]
	}
	nf := finding.New(finding.NoTestsRan, fmt.Sprintf(
		"tests.%s[%d] of %s exited with status 0, but %s: %s; an exit status without the framework's own report of the selected tests proves nothing; %s",
		b.Entry.Type, b.Entry.Index, b.ContractPath, CauseUnreported, why, unreportedAdvice))
	nf.ContractPath = f.ContractPath
	nf = nf.WithScenario(b.Capability, b.SpecPath, b.Scenario)
	nf.Test = f.Test
	return nf
}

// unreportedAdvice is the fix for a run that ended before it reported.
const unreportedAdvice = "run test.command and find what ends the framework early (a test calling os._exit or process.exit, a crash, a plugin), or what writes into its report (ah explain evidence)"

// selectNothing is the advice for a run that selected no test.
const selectNothing = "its flags select nothing, or only skipped tests; fix them so they select the test that proves this scenario"

// nothingRan explains a failed run whose report shows no test ran.
func nothingRan(rep ports.TestReport) string {
	if n := tally(rep)[ports.TestSkipped]; n > 0 {
		return fmt.Sprintf("no test ran (%d skipped): %s", n, selectNothing)
	}
	return "no test ran, nothing was collected: " + selectNothing
}

// summary names the failed tests and the reported errors, a few of each.
func summary(rep ports.TestReport) string {
	var failed, errs []string
	for _, t := range rep.Tests {
		if t.Status == ports.TestFailed {
			failed = append(failed, t.ID)
		}
	}
	for _, e := range rep.Errors {
		errs = append(errs, errorText(e))
	}
	var parts []string
	if len(failed) > 0 {
		parts = append(parts, fmt.Sprintf("%d failed (%s)", len(failed), named(failed)))
	}
	if len(errs) > 0 {
		parts = append(parts, named(errs))
	}
	return strings.Join(parts, "; ")
}

// errorText names a reported error: a usage error by the framework's own
// line (pytest's "ERROR: not found: ..."), a build error by its location
// and first line, anything else by its kind and location.
func errorText(e ports.ReportError) string {
	line := firstLine(e.Message)
	switch {
	case e.Kind == ports.KindUsage && line != "":
		return line
	case e.Kind == ports.KindBuild && line != "":
		if e.Location != "" {
			return fmt.Sprintf("build error in %s: %s", e.Location, line)
		}
		return "build error: " + line
	}
	s := e.Kind + " error"
	if e.Location != "" {
		s += " in " + e.Location
	}
	return s
}

// firstLine is the first non-blank line of s, or its first "ERROR:" line
// when it has one (pytest prints its usage errors that way). After
// pytest's "ERROR: usage: <synopsis>" line, the argparse line saying what
// is wrong ("error: unrecognized arguments: ...") is the one to show.
func firstLine(s string) string {
	first, usage := "", false
	for l := range strings.Lines(s) {
		l = strings.TrimSpace(l)
		switch {
		case usage && strings.Contains(l, "error: "):
			return l
		case usage:
		case strings.HasPrefix(l, "ERROR: usage:"):
			usage, first = true, l
		case strings.HasPrefix(l, "ERROR:"):
			return l
		case first == "":
			first = l
		}
	}
	return first
}

func named(xs []string) string {
	if len(xs) <= maxNamed {
		return strings.Join(xs, ", ")
	}
	return strings.Join(xs[:maxNamed], ", ") + fmt.Sprintf(" and %d more", len(xs)-maxNamed)
}

// wholeLines is the stdout tail without its first line when the tail
// starts mid-line: half a structured record would be shown as raw text.
func wholeLines(res ports.Result) []byte {
	out := res.Stdout
	if res.StdoutBytes > int64(len(out)) {
		if i := bytes.IndexByte(out, '\n'); i >= 0 {
			return out[i+1:]
		}
	}
	return out
}
