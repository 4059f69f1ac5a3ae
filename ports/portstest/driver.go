package portstest

import (
	"bytes"
	"io/fs"
	"slices"
	"strings"

	"github.com/espectacular/ah/ports"
)

// Driver is a configurable ports.Driver for core tests: detection answers
// come from its fields, and it recognises a command as its framework when
// any argv word equals Program (default: Adapter).
type Driver struct {
	Adapter string
	Alias   []string
	// Default is DefaultCommand's answer.
	Default []string
	// Program is the word RunsFramework looks for; "" means Adapter.
	Program string
	// HasManifest is Manifest's answer.
	HasManifest bool
	// ProbeList is Probes' answer.
	ProbeList []ports.Probe
	// Ext selects source files by suffix; Import is the text that counts as
	// importing the framework.
	Ext, Import string
	// Flags are added to a prepared argv, with $SCRATCH replaced by the
	// scratch directory; Report names the report file
	// inside scratch, and Written is put into scratch as Files.
	Flags   []string
	Report  string
	Written map[string][]byte
	// Tail is Prepared.TailBytes; Env is Prepared.Env, with $SCRATCH
	// replaced by the scratch directory.
	Tail int
	Env  []string
	// ParseFunc answers Parse; nil means "unparsed".
	ParseFunc func(res ports.Result, report []byte) ports.TestReport
	// Class answers Classify; "" means unclassified.
	Class string
	// Streamed, when set, makes Prepare return a stream that collects
	// stdout and answers Report with Streamed(stdout).
	Streamed func(stdout []byte) ports.TestReport
	// StreamedBoth, when set, makes Prepare return a stream that collects
	// stdout and, through Prepared.Stderr, stderr, and answers Report with
	// StreamedBoth(stdout, stderr).
	StreamedBoth func(stdout, stderr []byte) ports.TestReport
	// Parts makes the Streamed stream a ports.Watcher: a stdout line
	// "end <part>" announces part, with the tests Streamed reads from the
	// lines since the previous announcement.
	Parts bool
}

// stream is the ReportStream of a Driver with Streamed or StreamedBoth set.
type stream struct {
	buf, errBuf bytes.Buffer
	report      func(stdout, stderr []byte) ports.TestReport
	// watch receives the parts announced (Parts); seen is how much of
	// buf was scanned for whole lines, from the start of the current part.
	watch      func(part string, tests []ports.TestCase)
	from, seen int
}

func (s *stream) Write(b []byte) (int, error) {
	n, err := s.buf.Write(b)
	for s.watch != nil {
		i := bytes.IndexByte(s.buf.Bytes()[s.seen:], '\n')
		if i < 0 {
			break
		}
		line := string(s.buf.Bytes()[s.seen : s.seen+i])
		s.seen += i + 1
		if part, ok := strings.CutPrefix(line, "end "); ok {
			chunk := bytes.ReplaceAll(s.buf.Bytes()[s.from:s.seen], []byte(line+"\n"), nil)
			s.from = s.seen
			s.watch(part, s.report(chunk, nil).Tests)
		}
	}
	return n, err
}

// watched is a stream that is a ports.Watcher.
type watched struct{ *stream }

// Watch implements ports.Watcher.
func (w watched) Watch(fn func(part string, tests []ports.TestCase)) { w.watch = fn }
func (s *stream) Report(ports.Result) ports.TestReport {
	return s.report(s.buf.Bytes(), s.errBuf.Bytes())
}

var (
	_ ports.Driver     = (*Driver)(nil)
	_ ports.Classifier = (*Driver)(nil)
)

// Framework implements ports.Detector: Adapter and Alias, and an import
// rule when Ext is set.
func (d *Driver) Framework() ports.Framework {
	f := ports.Framework{Name: d.Adapter, Aliases: slices.Clone(d.Alias)}
	if d.Ext != "" {
		f.SourceFile = func(name string) bool { return strings.HasSuffix(name, d.Ext) }
		f.Imports = func(content []byte) bool { return d.Import != "" && strings.Contains(string(content), d.Import) }
	}
	return f
}

// DefaultCommand implements ports.Driver.
func (d *Driver) DefaultCommand(fs.FS) []string { return slices.Clone(d.Default) }

// RunsFramework implements ports.Driver.
func (d *Driver) RunsFramework(argv []string) bool {
	p := d.Program
	if p == "" {
		p = d.Adapter
	}
	return slices.Contains(argv, p)
}

// Manifest implements ports.Driver.
func (d *Driver) Manifest(fs.FS) bool { return d.HasManifest }

// Probes implements ports.Driver.
func (d *Driver) Probes(fs.FS) []ports.Probe { return slices.Clone(d.ProbeList) }

// Prepare implements ports.Driver: argv followed by Flags.
func (d *Driver) Prepare(argv []string, scratch string) ports.Prepared {
	p := ports.Prepared{Argv: slices.Clone(argv), Files: d.Written, TailBytes: d.Tail}
	for _, f := range d.Flags {
		p.Argv = append(p.Argv, strings.ReplaceAll(f, "$SCRATCH", scratch))
	}
	for _, e := range d.Env {
		p.Env = append(p.Env, strings.ReplaceAll(e, "$SCRATCH", scratch))
	}
	if d.Report != "" {
		p.ReportFile = scratch + "/" + d.Report
	}
	switch {
	case d.StreamedBoth != nil:
		st := &stream{report: d.StreamedBoth}
		p.Stream, p.Stderr = st, &st.errBuf
	case d.Streamed != nil && d.Parts:
		p.Stream = watched{&stream{report: func(stdout, _ []byte) ports.TestReport { return d.Streamed(stdout) }}}
	case d.Streamed != nil:
		p.Stream = &stream{report: func(stdout, _ []byte) ports.TestReport { return d.Streamed(stdout) }}
	}
	return p
}

// Parse implements ports.Driver.
func (d *Driver) Parse(res ports.Result, report []byte) ports.TestReport {
	if d.ParseFunc == nil {
		return ports.TestReport{}
	}
	return d.ParseFunc(res, report)
}

// Classify implements ports.Classifier, as the pytest driver does.
func (d *Driver) Classify(ports.TestReport) string { return d.Class }

// BatchDriver is a Driver that batches (ports.Batcher): a binding whose
// flags are one word not starting with "-" selects the test of that ID;
// BatchArgv appends every selected ID to the command.
type BatchDriver struct {
	*Driver
}

var _ ports.Batcher = BatchDriver{}

// Select implements ports.Batcher.
func (BatchDriver) Select(flags []string) (ports.Selector, bool) {
	if len(flags) != 1 || strings.HasPrefix(flags[0], "-") {
		return ports.Selector{}, false
	}
	return ports.Selector{Terms: flags}, true
}

// BatchArgv implements ports.Batcher.
func (BatchDriver) BatchArgv(command []string, sels []ports.Selector) ([]string, bool) {
	out := slices.Clone(command)
	for _, s := range sels {
		out = append(out, s.Terms...)
	}
	return out, true
}

// Matches implements ports.Batcher: the test's ID is the selected word,
// or a subtest of it ("<word>/<name>").
func (BatchDriver) Matches(sel ports.Selector, tc ports.TestCase) bool {
	return slices.ContainsFunc(sel.Terms, func(t string) bool { return tc.ID == t || strings.HasPrefix(tc.ID, t+"/") })
}

// ScopedBatchDriver is a BatchDriver that is a ports.Scoper: a selection
// is within the part named by its one term.
type ScopedBatchDriver struct {
	BatchDriver
}

var _ ports.Scoper = ScopedBatchDriver{}

// Within implements ports.Scoper.
func (ScopedBatchDriver) Within(sel ports.Selector, part string) bool {
	return len(sel.Terms) == 1 && sel.Terms[0] == part
}
