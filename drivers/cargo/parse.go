package cargo

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/espectacular/ah/ports"
)

// MaxMessage bounds TestCase.Message and ReportError.Message, in bytes.
const MaxMessage = 4096

// KindBuild is the ReportError kind for a crate that did not compile.
const KindBuild = ports.KindBuild

var (
	ansi        = regexp.MustCompile(`\x1b\[[0-9;]*[A-Za-z]`)
	runningLine = regexp.MustCompile(`^running \d+ tests?$`)
	testLine    = regexp.MustCompile(`^test (.+) \.\.\. (ok|FAILED|ignored)(?:, (.*))?$`)
	resultLine  = regexp.MustCompile(`^test result: (?:ok|FAILED)\. (\d+) passed; (\d+) failed; (\d+) ignored;`)
	stdoutHead  = regexp.MustCompile(`^---- (.+) (?:stdout|stderr) ----$`)
)

// binary is the output of one test binary, from `running N tests` to its
// `test result:` line.
type binary struct {
	tests    []ports.TestCase
	messages map[string]*strings.Builder
	closed   bool
	counted  bool // the result line's counts match the test lines
}

// Parse reads the stdout and stderr of `cargo test` and returns the tests of
// every test binary and any compile errors.
//
// Test IDs are the paths libtest prints (`tests::nested::deep_pass`,
// `adds_via_public_api`, `src/lib.rs - add (line 5)` for a doc-test); the
// same path in two binaries appears twice. ignored maps to skipped. Whether a
// test ran is decided over all binaries together, so a final doc-test binary
// reporting `0 passed` does not hide earlier passes. A crate that did not
// compile (`could not compile` on stderr) yields ReportErrors of KindBuild,
// one per compiler error, located at its `-->` position. Parsed is false when
// neither a test binary nor a compile error is found, when a binary's section
// has no `test result:` line (output cut, or the binary crashed), or when the
// counts on a `test result:` line disagree with the test lines before it
// (interleaved `--nocapture` output); Tests then hold what was read.
func Parse(stdout, stderr []byte) ports.TestReport {
	binaries := parseStdout(string(stdout))
	report := ports.TestReport{Parsed: true, Errors: buildErrors(string(stderr))}
	for _, b := range binaries {
		if !b.closed || !b.counted {
			report.Parsed = false
		}
		for _, tc := range b.tests {
			if msg, ok := b.messages[tc.ID]; ok && tc.Status == ports.TestFailed {
				tc.Message = clip(strings.TrimSpace(msg.String()))
			}
			report.Tests = append(report.Tests, tc)
		}
	}
	if len(binaries) == 0 && len(report.Errors) == 0 {
		report.Parsed = false
	}
	return report
}

func parseStdout(out string) []*binary {
	var binaries []*binary
	var cur *binary
	var capture *strings.Builder // the failure section being read, if any
	for line := range strings.Lines(out) {
		line = strings.TrimRight(ansi.ReplaceAllString(line, ""), "\r\n")
		switch {
		case runningLine.MatchString(line):
			cur = &binary{messages: map[string]*strings.Builder{}}
			binaries = append(binaries, cur)
			capture = nil
		case cur == nil || cur.closed:
			// Outside a binary's section: nothing of libtest's.
		case stdoutHead.MatchString(line):
			name := stdoutHead.FindStringSubmatch(line)[1]
			if cur.messages[name] == nil {
				cur.messages[name] = &strings.Builder{}
			}
			capture = cur.messages[name]
		case line == "failures:":
			// The second `failures:` heading lists names only: stop capturing.
			capture = nil
		case resultLine.MatchString(line):
			m := resultLine.FindStringSubmatch(line)
			cur.closed = true
			cur.counted = countsMatch(cur.tests, atoi(m[1]), atoi(m[2]), atoi(m[3]))
			capture = nil
		case capture != nil:
			capture.WriteString(line + "\n")
		case testLine.MatchString(line):
			m := testLine.FindStringSubmatch(line)
			// `ignored, <reason>` carries the #[ignore = "..."] reason.
			cur.tests = append(cur.tests, ports.TestCase{ID: m[1], Status: status(m[2]), Message: m[3]})
		}
	}
	return binaries
}

func status(s string) ports.TestStatus {
	switch s {
	case "ok":
		return ports.TestPassed
	case "FAILED":
		return ports.TestFailed
	default:
		return ports.TestSkipped
	}
}

func countsMatch(tests []ports.TestCase, passed, failed, ignored int) bool {
	got := map[ports.TestStatus]int{}
	for _, tc := range tests {
		got[tc.Status]++
	}
	return got[ports.TestPassed] == passed && got[ports.TestFailed] == failed && got[ports.TestSkipped] == ignored
}

func atoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		return -1 // digits only by the regexp; an overflow never matches counts
	}
	return n
}

var (
	diagHead = regexp.MustCompile(`^error(?:\[E\d+\])?: (.*)$`)
	arrow    = regexp.MustCompile(`^\s*--> (\S+)`)
	// cargo's own summary lines, not compiler diagnostics.
	notDiag = regexp.MustCompile(`^error: (could not compile|test failed, to rerun|\d+ targets? failed|build failed)`)
)

// buildErrors returns one ReportError per compiler error on stderr, but only
// when cargo says it could not compile: other `error:` lines (a failing test
// binary) are not build problems.
func buildErrors(stderr string) []ports.ReportError {
	stderr = ansi.ReplaceAllString(stderr, "")
	if !strings.Contains(stderr, "error: could not compile") {
		return nil
	}
	var errs []ports.ReportError
	seen := map[string]bool{}
	var block []string
	flush := func() {
		if len(block) == 0 {
			return
		}
		e := ports.ReportError{Kind: KindBuild, Message: clip(strings.Join(block, "\n"))}
		for _, l := range block {
			if m := arrow.FindStringSubmatch(l); m != nil {
				e.Location = m[1]
				break
			}
		}
		// The same error is printed for each target built from the file.
		if key := e.Location + "\x00" + block[0]; !seen[key] {
			seen[key] = true
			errs = append(errs, e)
		}
		block = nil
	}
	var summary string
	for line := range strings.Lines(stderr) {
		line = strings.TrimRight(line, "\r\n")
		switch {
		case notDiag.MatchString(line):
			flush()
			if summary == "" && strings.HasPrefix(line, "error: could not compile") {
				summary = line
			}
		case diagHead.MatchString(line):
			flush()
			block = []string{line}
		case line == "" || !strings.HasPrefix(line, " ") && !strings.HasPrefix(line, "\t") && !isGutter(line):
			flush()
		case block != nil:
			block = append(block, line)
		}
	}
	flush()
	if len(errs) == 0 {
		errs = append(errs, ports.ReportError{Kind: KindBuild, Message: summary})
	}
	return errs
}

// isGutter reports whether line is part of rustc's source snippet, whose
// line-number gutter starts at column 0 (`35 | pub fn ...`).
func isGutter(line string) bool {
	i := strings.IndexFunc(line, func(r rune) bool { return r < '0' || r > '9' })
	return i > 0 && strings.HasPrefix(line[i:], " |")
}

// clip keeps the head and the tail of long text: the head says what failed,
// the tail holds the end of a panic message or compiler note.
func clip(s string) string {
	if len(s) <= MaxMessage {
		return s
	}
	half := MaxMessage / 2
	return strings.ToValidUTF8(s[:half], "") + "\n... [truncated] ...\n" + strings.ToValidUTF8(s[len(s)-half:], "")
}
