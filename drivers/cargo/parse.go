package cargo

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/espectacular/ah/drivers/headtail"
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
	messages map[string]*headtail.Buffer
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
// one per compiler error, located at its `-->` position. With no test binary
// and no compile error, an `error:` cargo printed (an argument it rejects,
// a target that does not exist) is a ports.KindUsage error. Parsed is false
// when none of these is found, when a binary's section has no `test
// result:` line (output cut, or the binary crashed), or when the counts on
// a `test result:` line disagree with the test lines before it
// (interleaved `--nocapture` output); Tests then hold what was read.
func Parse(stdout, stderr []byte) ports.TestReport {
	s := NewStream()
	_, _ = s.Write(stdout)
	_, _ = s.Stderr().Write(stderr)
	return s.Report(ports.Result{})
}

// stdoutState reads libtest's lines.
type stdoutState struct {
	binaries []*binary
	cur      *binary
	capture  *headtail.Buffer // the failure section being read, if any
}

func (st *stdoutState) line(line string) {
	cur := st.cur
	switch {
	case runningLine.MatchString(line):
		st.cur = &binary{messages: map[string]*headtail.Buffer{}}
		st.binaries = append(st.binaries, st.cur)
		st.capture = nil
	case cur == nil || cur.closed:
		// Outside a binary's section: nothing of libtest's.
	case stdoutHead.MatchString(line):
		name := stdoutHead.FindStringSubmatch(line)[1]
		if cur.messages[name] == nil {
			cur.messages[name] = &headtail.Buffer{Keep: MaxMessage}
		}
		st.capture = cur.messages[name]
	case line == "failures:":
		// The second `failures:` heading lists names only: stop capturing.
		st.capture = nil
	case resultLine.MatchString(line):
		m := resultLine.FindStringSubmatch(line)
		cur.closed = true
		cur.counted = countsMatch(cur.tests, atoi(m[1]), atoi(m[2]), atoi(m[3]))
		st.capture = nil
	case st.capture != nil:
		st.capture.WriteString(line + "\n")
	case testLine.MatchString(line):
		m := testLine.FindStringSubmatch(line)
		// `ignored, <reason>` carries the #[ignore = "..."] reason.
		cur.tests = append(cur.tests, ports.TestCase{ID: m[1], Status: status(m[2]), Message: m[3]})
	}
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

// diagState reads cargo's stderr: the compiler's error blocks, and
// whether cargo said it could not compile. Other `error:` lines (a failing
// test binary) are not build problems.
type diagState struct {
	compileFailed bool
	summary       string
	block         []string
	blockBytes    int
	errs          []ports.ReportError
	seen          map[string]bool
	// first is the first block's head line, the usage error when nothing
	// ran and nothing failed to compile.
	first string
}

func (d *diagState) line(line string) {
	switch {
	case notDiag.MatchString(line):
		d.flush()
		if strings.HasPrefix(line, "error: could not compile") {
			d.compileFailed = true
			if d.summary == "" {
				d.summary = line
			}
		}
	case diagHead.MatchString(line):
		d.flush()
		d.block, d.blockBytes = []string{line}, len(line)
		if d.first == "" {
			d.first = line
		}
	case line == "" || !strings.HasPrefix(line, " ") && !strings.HasPrefix(line, "\t") && !isGutter(line):
		d.flush()
	case d.block != nil && d.blockBytes < 2*MaxMessage:
		d.block = append(d.block, line)
		d.blockBytes += len(line) + 1
	}
}

func (d *diagState) flush() {
	block := d.block
	d.block, d.blockBytes = nil, 0
	if len(block) == 0 || len(d.errs) >= maxBuildErrors {
		return
	}
	e := ports.ReportError{Kind: KindBuild, Message: headtail.Clip(strings.Join(block, "\n"), MaxMessage)}
	for _, l := range block {
		if m := arrow.FindStringSubmatch(l); m != nil {
			e.Location = m[1]
			break
		}
	}
	// The same error is printed for each target built from the file.
	key := e.Location + "\x00" + block[0]
	if d.seen == nil {
		d.seen = map[string]bool{}
	}
	if !d.seen[key] {
		d.seen[key] = true
		d.errs = append(d.errs, e)
	}
}

// errors are the compile errors, when cargo said it could not compile.
func (d *diagState) errors() []ports.ReportError {
	d.flush()
	if !d.compileFailed {
		return nil
	}
	if len(d.errs) == 0 {
		return []ports.ReportError{{Kind: KindBuild, Message: d.summary}}
	}
	return d.errs
}

// usage is cargo's first `error:` line as a usage error, nil when none.
func (d *diagState) usage() *ports.ReportError {
	if d.first == "" || d.compileFailed {
		return nil
	}
	return &ports.ReportError{Kind: ports.KindUsage, Message: d.first}
}

// isGutter reports whether line is part of rustc's source snippet, whose
// line-number gutter starts at column 0 (`35 | pub fn ...`).
func isGutter(line string) bool {
	i := strings.IndexFunc(line, func(r rune) bool { return r < '0' || r > '9' })
	return i > 0 && strings.HasPrefix(line[i:], " |")
}
