package cli

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/espectacular/ah/cmd/ah/cli/output"
	"github.com/espectacular/ah/core/check"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/evidence"
	"github.com/espectacular/ah/core/report"
	"github.com/espectacular/ah/core/selection"
)

// readSnapshot reads an evidence snapshot; a file ah cannot read, or
// refuses (malformed, truncated, schema-invalid, digest mismatch), exits
// 2 naming it and the reason.
func readSnapshot(g *Globals, d *Deps, name, flag string) (evidence.Snapshot, error) {
	path, err := outputPath(g, d, name)
	if err != nil {
		return evidence.Snapshot{}, err
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return evidence.Snapshot{}, &RunError{Message: fmt.Sprintf("%s %s: cannot read the evidence snapshot: %v", flag, name, plainIOError(err))}
	}
	s, err := evidence.Decode(data)
	if err != nil {
		return evidence.Snapshot{}, &RunError{Message: fmt.Sprintf("%s %s: evidence snapshot %v; ah check --run-tests --evidence FILE writes a new one", flag, name, err)}
	}
	return s, nil
}

// carrying is what a snapshot lets a run carry in the current state:
// the changes since it (Diff) and its passes (Carry). Problem says why
// it carries nothing (another config, a tree git does not know, no work
// tree); the run then runs every contract, with Problem as the reason.
type carrying struct {
	Diff    selection.Diff
	Carry   check.Carry
	Here    evidence.State
	Problem string
}

// carryFrom compares snapshot s with the current state of repository r.
func carryFrom(ctx context.Context, d *Deps, r *repo, s evidence.Snapshot) carrying {
	git := d.Git(r.Root)
	here := selection.Current(ctx, git)
	c := carrying{Carry: check.Carry{Tree: s.Tree, Passed: map[string]bool{}}}
	if here.Problem != "" {
		c.Problem = here.Problem
	} else {
		c.Here = evidence.StateOf(r.FS, here.Tree, here.Dirty)
		if c.Here.Config != s.Config {
			c.Problem = "it was written under another " + config.Path + " (its config digest differs)"
		}
	}
	if c.Problem == "" {
		c.Diff = selection.Since(ctx, git, s.Tree, here.Tree, evidence.DirtyDiff(s.Dirty, c.Here.Dirty))
		c.Problem = c.Diff.Problem
	}
	if c.Problem != "" {
		c.Diff = selection.Diff{Source: selection.Snapshot, Base: s.Tree, Problem: c.Problem}
		return c
	}
	for _, k := range s.Contracts {
		if s.Proven(k.Key) {
			c.Carry.Passed[k.Key] = true
		}
	}
	return c
}

// writeSnapshot writes the evidence of rep, run in state st, to file
// (--evidence); prev is the snapshot it carried from, if any.
func writeSnapshot(ctx context.Context, g *Globals, d *Deps, file string, rep report.Report, st evidence.State, prev *evidence.Snapshot) error {
	s := evidence.Of(rep, st, Version, prev)
	return writeUserFile(ctx, g, d, file, "--evidence", "the evidence snapshot", evidence.Encode(s))
}

// currentState is the state a run proves, taken before it runs.
func currentState(ctx context.Context, d *Deps, r *repo) (evidence.State, error) {
	here := selection.Current(ctx, d.Git(r.Root))
	if here.Problem != "" {
		return evidence.State{}, &RunError{Message: fmt.Sprintf("--evidence: %s; a snapshot is bound to a git tree: run in a git work tree with at least one commit", here.Problem)}
	}
	return evidence.StateOf(r.FS, here.Tree, here.Dirty), nil
}

// carryInto reads the --carry snapshot file into opts (ah check and ah
// report): the changes since it select what runs, its passes carry the
// rest. One that carries nothing says why on stderr, and every contract
// runs. No file, no carry.
func carryInto(ctx context.Context, g *Globals, d *Deps, r *repo, file string, opts *check.Options) (*evidence.Snapshot, error) {
	if file == "" {
		return nil, nil
	}
	s, err := readSnapshot(g, d, file, "--carry")
	if err != nil {
		return nil, err
	}
	cf := carryFrom(ctx, d, r, s)
	if cf.Problem != "" {
		fmt.Fprintf(d.Streams.Err, "ah: --carry %s carries nothing: %s\n", output.Escape(file), output.Escape(cf.Problem))
	}
	opts.Diff, opts.Carry = &cf.Diff, &cf.Carry
	return &s, nil
}

// warnChangedByRun says on stderr when the run changed the work tree
// (issue 41): the snapshot binds the state before the run, which the
// tests ran on, so ah verify counts what a test wrote into the work tree
// as a change since and calls stale what it can affect.
func warnChangedByRun(ctx context.Context, d *Deps, r *repo, before evidence.State) {
	here := selection.Current(ctx, d.Git(r.Root))
	if here.Problem != "" {
		return
	}
	after := evidence.StateOf(r.FS, here.Tree, here.Dirty)
	changed := evidence.DirtyDiff(before.Dirty, after.Dirty)
	if after.Tree != before.Tree {
		changed = append([]string{"HEAD"}, changed...)
	}
	if len(changed) == 0 {
		return
	}
	names := changed[:min(len(changed), 5)]
	for i, n := range names {
		names[i] = output.Escape(n)
	}
	list := strings.Join(names, ", ")
	if len(changed) > len(names) {
		list += fmt.Sprintf(" and %d more", len(changed)-len(names))
	}
	noun := "files"
	if len(changed) == 1 {
		noun = "file"
	}
	fmt.Fprintf(d.Streams.Err, "ah: warning: the run changed %d %s of the work tree (%s): the snapshot binds the state before the run, so ah verify counts it as a change since; make the tests write outside the work tree, or git-ignore what they write\n", len(changed), noun, list)
}
