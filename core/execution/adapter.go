package execution

import (
	"context"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/ports"
)

// NoTestsRan is the verdict of an adapter run whose structured output shows
// that no selected test ran: never a pass, whatever the exit status.
const NoTestsRan = "no_tests_ran"

// pathLists are environment variables holding a list of directories: a
// driver's entry goes first and the inherited value is kept after it, so
// `PYTHONPATH=src` set by the user still works with ah's plugin loaded.
var pathLists = []string{"PYTHONPATH", "NODE_PATH"}

// Adapter is the test-framework adapter of an invocation: it switches on the
// framework's structured output before the run and reads it afterwards.
type Adapter struct {
	Driver ports.Driver
	// Source is how the adapter was selected (ports.Source*); Version the
	// framework version, when known.
	Source, Version string

	prepared *ports.Prepared   // set by Prepare
	report   *ports.TestReport // set by Collect; nil when nothing was read
}

func (a *Adapter) key() string {
	if a == nil {
		return ""
	}
	return a.Driver.Name() + "\x00" + a.Source + "\x00" + a.Version
}

// describe adds the adapter to an execution record.
func (a *Adapter) describe(ex *Execution) {
	if a == nil {
		return
	}
	ex.Adapter, ex.DetectionSource, ex.Version = a.Driver.Name(), a.Source, a.Version
}

// ResolveAdapter is Resolve for a binding run by an adapter: command is the
// selected argv prefix (configured, proved by a probe, or the adapter's
// default) and the entry's flags follow it. The invocation shows the
// command as declared; the reporter flags Prepare adds are not part of it.
func ResolveAdapter(cfg config.Config, b Binding, command []string, a Adapter) (Invocation, error) {
	c := cfg
	c.Runners = maps.Clone(cfg.Runners)
	if c.Runners == nil {
		c.Runners = map[string]config.Runner{}
	}
	c.Runners[b.Entry.Type] = config.Runner{Command: command}
	inv, err := Resolve(c, b)
	if err != nil {
		return inv, err
	}
	inv.Custom = ""
	inv.Adapter = &a
	return inv, nil
}

// command is the process to start for inv: the prepared argv, environment
// and output bound of an adapter run, else the invocation itself.
func (inv Invocation) command(dir string) ports.Command {
	cmd := ports.Command{Argv: inv.Argv, Dir: dir, Env: inv.Env, Timeout: inv.Timeout, TailBytes: inv.tailBytes()}
	if a := inv.Adapter; a != nil && a.prepared != nil {
		cmd.Argv = a.prepared.Argv
		cmd.Env = append(slices.Clone(inv.Env), a.prepared.Env...)
		if a.prepared.TailBytes > 0 {
			cmd.TailBytes = a.prepared.TailBytes
		}
	}
	return cmd
}

// Prepare gives every adapter job a private scratch directory, writes the
// driver's files there and records the prepared command. getenv reads the
// environment ah runs in (for path lists; nil means empty). The returned
// cleanup removes every directory created; call it once the reports have
// been collected. Without a scratch, adapter jobs run as declared and are
// judged by their exit status alone.
func Prepare(ctx context.Context, scratch ports.Scratch, jobs []Job, getenv func(string) string) (cleanup func(), err error) {
	var dirs []string
	cleanup = func() {
		for _, d := range dirs {
			_ = scratch.RemoveAll(d)
		}
	}
	if scratch == nil {
		return func() {}, nil
	}
	for i := range jobs {
		a := jobs[i].Invocation.Adapter
		if a == nil || ctx.Err() != nil {
			continue // a cancelled run starts nothing, prepared or not
		}
		dir, err := scratch.MkdirTemp(ctx)
		if err != nil {
			cleanup()
			return func() {}, fmt.Errorf("create a scratch directory for the %s report: %w", a.Driver.Name(), err)
		}
		dirs = append(dirs, dir)
		p := a.Driver.Prepare(slices.Clone(jobs[i].Invocation.Argv), dir)
		for _, name := range slices.Sorted(maps.Keys(p.Files)) {
			if err := scratch.WriteFile(filepath.Join(dir, name), p.Files[name]); err != nil {
				cleanup()
				return func() {}, fmt.Errorf("write %s for %s: %w", name, a.Driver.Name(), err)
			}
		}
		p.Env = inherit(p.Env, getenv)
		a.prepared = &p
	}
	return cleanup, nil
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

// Collect reads and parses the structured result of every prepared adapter
// job that ran. dir is the absolute repository root: test ids and error
// locations under it are made repository-relative. A missing report file is
// an unparsed run, judged by its exit status.
func Collect(scratch ports.Scratch, dir string, jobs []Job, outcomes []Outcome) {
	for i, j := range jobs {
		a, o := j.Invocation.Adapter, outcomes[i]
		if a == nil || a.prepared == nil || o.Skipped || o.StartErr != nil || o.Result.Canceled {
			continue
		}
		var data []byte
		if a.prepared.ReportFile != "" {
			data, _ = scratch.ReadFile(a.prepared.ReportFile)
		}
		rep := a.Driver.Parse(o.Result, data)
		relativize(&rep, dir)
		a.report = &rep
	}
}

func relativize(rep *ports.TestReport, dir string) {
	root := strings.TrimSuffix(filepath.ToSlash(dir), "/") + "/"
	if root == "/" {
		return
	}
	for i := range rep.Tests {
		rep.Tests[i].ID = strings.TrimPrefix(rep.Tests[i].ID, root)
	}
	for i := range rep.Errors {
		rep.Errors[i].Location = strings.TrimPrefix(rep.Errors[i].Location, root)
	}
}
