package cli

import (
	"context"
	"fmt"
	"runtime"
	"time"

	"github.com/espectacular/ah/cmd/ah/cli/output"
	"github.com/espectacular/ah/core/check"
	"github.com/espectacular/ah/core/evidence"
)

// VerifyCmd is `ah verify` (issue 41): it runs no test.
type VerifyCmd struct {
	Snapshot string `arg:"" name:"snapshot" placeholder:"FILE" help:"The evidence snapshot (ah check --run-tests --evidence FILE)."`
}

// Help is the detail of `ah verify --help`.
func (c *VerifyCmd) Help() string {
	return "A contract is fresh when the snapshot judged it and no file changed between the snapshot's tree (and uncommitted files) and the current ones can affect it, by the fail-closed selection of ah check --base (ah explain selection); otherwise stale, naming the changed file. Exits 0 only when every contract in scope is fresh and passed, 1 when one is not, 2 when the snapshot is refused (unreadable, malformed, truncated, edited after ah wrote it, written under another config, or of a tree git does not know). It proves what the snapshot says only as far as the store it came from can be trusted: see docs/evidence.md."
}

// Run verifies the snapshot against the current tree.
func (c *VerifyCmd) Run(ctx context.Context, g *Globals, d *Deps) error {
	r, err := openRepo(g, d)
	if err != nil {
		return err
	}
	s, err := readSnapshot(g, d, c.Snapshot, "ah verify")
	if err != nil {
		return err
	}
	cf := carryFrom(ctx, d, r, s)
	if cf.Problem != "" {
		return &RunError{Message: fmt.Sprintf("ah verify %s: the snapshot proves nothing here, nothing is fresh: %s", c.Snapshot, cf.Problem)}
	}
	cf.Carry.Verify = true
	opts := check.Options{Today: d.Clock.Now().Format(time.DateOnly), Diff: &cf.Diff, Carry: &cf.Carry}
	opts.Env, opts.Drivers = d.env(r), d.Drivers
	opts.Exec = &check.Exec{CPUs: runtime.NumCPU()}
	rep, err := check.Run(ctx, r.FS, *r.Config, opts)
	if err != nil {
		return checkError(err)
	}
	res := evidence.Judge(s, rep)
	res.Tree = cf.Here.Tree
	switch g.format() {
	case "json":
		err = output.VerifyKind.JSON(d.Streams.Out, jsonOpts(), res.OK).Print(res)
	case "text":
		err = output.NewVerifyText(d.Streams.Out, c.Snapshot).Print(res)
	default:
		// The formats ah verify shares with ah check print the same
		// shapes for the same verdicts (issue 41).
		var p output.Printer
		popts := output.Options{CLIVersion: Version, Getenv: d.Getenv, AppendFile: d.AppendFile, Command: "ah verify"}
		if p, err = output.New(g.format(), d.Streams.Out, popts); err != nil {
			return usageError("%v", err)
		}
		err = p.Print(evidence.Report(rep, res, c.Snapshot))
	}
	if err != nil {
		return err
	}
	if !res.OK {
		return errGateFailed
	}
	return nil
}
