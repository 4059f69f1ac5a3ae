package cli

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/espectacular/ah/cmd/ah/cli/output"
	"github.com/espectacular/ah/core/evidence"
	"github.com/espectacular/ah/core/report"
	"github.com/espectacular/ah/core/shard"
)

// MergeCmd is `ah merge`: it joins the JSON reports of the shards of one
// check (ah check --shard K/N --json) into the unsharded report.
type MergeCmd struct {
	Reports []string `arg:"" name:"report" help:"The JSON reports of every shard (ah check --shard K/N --json), in any order."`
	// Evidence: issue 41.
	Evidence string `name:"evidence" placeholder:"FILE" help:"Write the evidence snapshot of the merged run to FILE (ah verify FILE), bound to the current git tree: run ah merge in a checkout of the tree the shards ran on."`
}

// Help is the detail of `ah merge --help`.
func (c *MergeCmd) Help() string {
	return "Prints the merged report with --format like ah check and exits like it: 0 when the gate passes, 1 when it fails, 2 when a report is unreadable, or the reports are not the complete, consistent shards of one run (another corpus, selection or plan, a missing, repeated or relabelled shard, or a report whose findings disagree with its executions: see ah explain merge-refused)."
}

// Run reads, merges and prints the reports.
func (c *MergeCmd) Run(ctx context.Context, g *Globals, d *Deps) error {
	parts := make([]shard.Part, len(c.Reports))
	for i, name := range c.Reports {
		rep, ok, err := readCheck(name)
		if err != nil {
			return err
		}
		parts[i] = shard.Part{Name: name, Report: rep, Failed: !ok}
	}
	rep, err := shard.Merge(parts)
	var me *shard.MergeError
	if errors.As(err, &me) {
		return &RunError{Message: me.Error()}
	}
	var st evidence.State
	if c.Evidence != "" {
		if st, err = c.evidenceState(ctx, g, d, parts[0]); err != nil {
			return err
		}
	}
	p, err := output.New(g.format(), d.Streams.Out, output.Options{Color: d.color(), CLIVersion: Version})
	if err != nil {
		return usageError("%v", err)
	}
	if err := p.Print(rep); err != nil {
		return err
	}
	if c.Evidence != "" {
		if err := writeSnapshot(ctx, g, d, c.Evidence, rep, st, nil); err != nil {
			return err
		}
	}
	if rep.Failed() {
		return errGateFailed
	}
	return nil
}

// evidenceState is the state the merged snapshot is bound to: the
// current one, which must be the tree the shards recorded (the identity
// ah merge already compares between shards, issue 36), else the snapshot
// would bind their verdicts to code they never ran.
func (c *MergeCmd) evidenceState(ctx context.Context, g *Globals, d *Deps, first shard.Part) (evidence.State, error) {
	r, err := openRepo(g, d)
	if err != nil {
		return evidence.State{}, err
	}
	here, err := shard.Identify(ctx, d.Git(r.Root), r.FS)
	if err != nil {
		return evidence.State{}, fmt.Errorf("--evidence: %w", err)
	}
	ran := shard.Tree{}
	if s := first.Report.Shard; s != nil {
		ran = shard.Tree{ID: s.Tree, Dirty: s.Dirty}
	}
	if ran.ID == "" || ran != here {
		return evidence.State{}, &RunError{Message: fmt.Sprintf("ah merge --evidence %s: the shards ran on %s, this checkout is %s: run ah merge in a checkout of the tree the shards ran on", c.Evidence, ran, here)}
	}
	return currentState(ctx, d, r)
}

// readCheck reads a check --json report; its errors exit 2 naming the file.
func readCheck(name string) (report.Report, bool, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return report.Report{}, false, &RunError{Message: fmt.Sprintf("%s: cannot read the report: %v", name, plainIOError(err))}
	}
	rep, ok, err := output.ReadCheck(data)
	if err != nil {
		return report.Report{}, false, &RunError{Message: fmt.Sprintf("%s %v", name, err)}
	}
	return rep, ok, nil
}

func readReport(name string) (report.Report, error) {
	rep, _, err := readCheck(name)
	return rep, err
}

// plainIOError drops the operation and path of a file error: the message
// names the file already.
func plainIOError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
