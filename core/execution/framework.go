package execution

import (
	"context"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/espectacular/ah/ports"
)

// NoTestsRan is the verdict of an adapter run whose structured output shows
// that no selected test ran: never a pass, whatever the exit status.
const NoTestsRan = "no_tests_ran"

// pathLists are environment variables holding a list of directories: a
// driver's entry goes first and the inherited value is kept after it, so
// `PYTHONPATH=src` set by the user still works with ah's plugin loaded.
var pathLists = []string{"PYTHONPATH", "NODE_PATH"}

// frameworkRunner runs a test framework through the Reporter half of its
// driver (the adapter core/adapter selected): Start switches on the
// framework's structured output in a private scratch directory, and Judge
// reads it.
type frameworkRunner struct {
	// name is the adapter name ("pytest").
	name   string
	driver ports.Reporter
	// source is how the adapter was selected (ports.Source*); version the
	// framework version, when known.
	source, version string
	// install says how to install the framework when detection found it
	// not installed in the project (adapter.Route.Install): the fix of
	// the missing-tool finding when its program will not start.
	install string
}

func (a frameworkRunner) key() string {
	return a.name + "\x00" + a.source + "\x00" + a.version + "\x00" + a.install
}

// Describe adds the adapter to an execution record.
func (a frameworkRunner) Describe(ex *Execution) {
	ex.Adapter, ex.DetectionSource, ex.Version = a.name, a.source, a.version
}

// Start gives the job a private scratch directory, writes the driver's
// files there and returns the prepared command; Cleanup removes the
// directory. Without a scratch the job runs as declared, with no report
// to prove a pass.
func (a frameworkRunner) Start(ctx context.Context, env Env, inv Invocation) (Started, error) {
	cmd := env.command(inv, 0)
	if env.Scratch == nil {
		return Started{Command: cmd}, nil
	}
	name := a.name
	dir, err := env.Scratch.MkdirTemp(ctx)
	if err != nil {
		return Started{}, fmt.Errorf("create a scratch directory for the %s report: %w", name, err)
	}
	cleanup := func() { _ = env.Scratch.RemoveAll(dir) }
	argv := slices.Clone(inv.Argv)
	if f, ok := a.driver.(ports.Refresher); ok && env.Strict {
		argv = f.Fresh(argv) // a strict verdict never rests on a cached replay
	}
	p := a.driver.Prepare(argv, dir)
	for _, f := range slices.Sorted(maps.Keys(p.Files)) {
		if err := env.Scratch.WriteFile(filepath.Join(dir, f), p.Files[f]); err != nil {
			cleanup()
			return Started{}, fmt.Errorf("write %s for %s: %w", f, name, err)
		}
	}
	cmd.Argv = env.wrap(p.Argv)
	cmd.Env = append(slices.Clone(inv.Env), inherit(p.Env, env.Getenv)...)
	cmd.TailBytes = p.TailBytes
	if p.Stream != nil {
		cmd.Stdout = p.Stream
	}
	if p.Stderr != nil {
		cmd.Stderr = p.Stderr
	}
	return Started{Command: cmd, Prepared: true, ReportFile: p.ReportFile, Stream: p.Stream, Cleanup: cleanup, ScratchDir: dir}, nil
}

// inherit appends the inherited value of each path-list variable the
// driver sets.
func inherit(env []string, getenv func(string) string) []string {
	out := slices.Clone(env)
	for i, kv := range out {
		k, v, _ := strings.Cut(kv, "=")
		if !slices.Contains(pathLists, k) || getenv == nil {
			continue
		}
		if old := getenv(k); old != "" {
			out[i] = k + "=" + v + string(filepath.ListSeparator) + old
		}
	}
	return out
}

// parse reads the structured result of a prepared run that ended on its
// own; nil when there is none. Test ids and error locations under dir, the
// absolute repository root, are made repository-relative.
func (a frameworkRunner) parse(o Outcome) *ports.TestReport {
	if !o.Prepared || o.Skipped || o.StartErr != nil || o.Result.Canceled {
		return nil
	}
	var rep ports.TestReport
	if o.Streamed != nil {
		rep = *o.Streamed
	} else {
		rep = a.driver.Parse(o.Result, o.Report)
	}
	if !rep.Parsed {
		return nil
	}
	relativize(&rep, o.Dir)
	return &rep
}

func relativize(rep *ports.TestReport, dir string) {
	root := strings.TrimSuffix(filepath.ToSlash(dir), "/") + "/"
	if root == "/" {
		return
	}
	for i := range rep.Tests {
		rep.Tests[i].ID = strings.TrimPrefix(rep.Tests[i].ID, root)
		if p := rep.Tests[i].Path; len(p) > 0 {
			p = slices.Clone(p)
			p[0] = strings.TrimPrefix(p[0], root)
			rep.Tests[i].Path = p
		}
	}
	for i := range rep.Errors {
		rep.Errors[i].Location = strings.TrimPrefix(rep.Errors[i].Location, root)
	}
}

// partial is whatever report a prepared run that was started left behind,
// parsed or not: a timed-out run's report is cut, but the tests it names
// did run.
func (a frameworkRunner) partial(o Outcome) *ports.TestReport {
	if !o.Prepared || o.StartErr != nil {
		return nil
	}
	if o.Streamed != nil {
		return o.Streamed
	}
	rep := a.driver.Parse(o.Result, o.Report)
	return &rep
}
