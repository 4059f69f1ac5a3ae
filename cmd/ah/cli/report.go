package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"runtime"

	"github.com/espectacular/ah/cmd/ah/cli/output"
	"github.com/espectacular/ah/core/check"
	"github.com/espectacular/ah/core/coverage"
	"github.com/espectacular/ah/core/overlay"
)

// ReportCmd is `ah report`. The matrix is built from check.Run's report,
// so --changes overlays count exactly as ah check --changes sees them.
type ReportCmd struct {
	Changes  []string `name:"changes" sep:"none" placeholder:"ID" predictor:"change" help:"Report on the scope after change proposal ID (<paths.changes>/ID) is applied, with its staged contracts; repeat for more changes."`
	RunTests bool     `name:"run-tests" help:"Run the tests too: a scenario is covered only when they pass."`
	Jobs     *int     `short:"J" name:"jobs" placeholder:"N" help:"With --run-tests, run up to N tests at once (default: [execution] jobs, else the processor count up to 4)."`
	HTML     string   `name:"html" placeholder:"FILE" help:"Also write a self-contained HTML page with the matrix and every scenario to FILE."`
	// Carry: issue 41, as ah check --carry.
	Carry string `name:"carry" placeholder:"FILE" help:"With --run-tests: run only the contracts a change since the evidence snapshot FILE can affect and count the snapshot's passes of the others as proven, carried (ah explain carried)."`
}

// Validate rejects --jobs 0.
func (c *ReportCmd) Validate() error {
	if c.Jobs != nil && *c.Jobs < 1 {
		return fmt.Errorf("--jobs must be at least 1, got %d", *c.Jobs)
	}
	if c.Carry != "" && !c.RunTests {
		return errors.New("--carry is about test verdicts: add --run-tests")
	}
	if c.Carry != "" && len(c.Changes) > 0 {
		return errors.New("--carry proves the deployed specs: give it without --changes")
	}
	return nil
}

// Run prints the coverage matrix; exit 1 when a scenario is missing or
// failing.
func (c *ReportCmd) Run(ctx context.Context, g *Globals, d *Deps) error {
	switch g.format() {
	case "text", "json", "markdown":
	default:
		return usageError("ah report prints text, json or markdown, not %s", g.format())
	}
	r, err := openRepo(g, d)
	if err != nil {
		return err
	}
	opts := check.Options{Changes: overlay.Normalize(c.Changes), Env: d.env(r), Drivers: d.Drivers, ProbeCache: d.ProbeCache}
	if c.RunTests {
		jobs := 0
		if c.Jobs != nil {
			jobs = *c.Jobs
		}
		opts.Exec = &check.Exec{Jobs: jobs, CPUs: runtime.NumCPU()}
		if _, err := carryInto(ctx, g, d, r, c.Carry, &opts); err != nil {
			return err
		}
	}
	rep, err := check.Run(ctx, r.FS, *r.Config, opts)
	if err != nil {
		return checkError(err)
	}
	if rep.Interrupted {
		return &InterruptedError{Message: "interrupted: no report"}
	}
	m := coverage.Build(r.FS, rep)
	ran := c.RunTests
	if c.HTML != "" {
		if err := writeHTML(ctx, g, d, c.HTML, m, ran); err != nil {
			return err
		}
	}
	complete := m.Complete()
	switch g.format() {
	case "json":
		err = output.ReportKind.JSON(d.Streams.Out, jsonOpts(), complete).Print(output.NewMatrixData(m, ran))
	case "markdown":
		err = output.NewCoverageMarkdown(d.Streams.Out, ran).Print(m)
	default:
		err = output.NewCoverageText(d.Streams.Out, ran).Print(m)
	}
	if err != nil {
		return err
	}
	if !complete {
		return errGateFailed
	}
	return nil
}

// writeHTML writes the page (see writeUserFile).
func writeHTML(ctx context.Context, g *Globals, d *Deps, file string, m coverage.Matrix, ran bool) error {
	var buf bytes.Buffer
	if err := output.CoverageHTML(&buf, m, Version, ran); err != nil {
		return err
	}
	return writeUserFile(ctx, g, d, file, "--html", "the HTML report", buf.Bytes())
}
