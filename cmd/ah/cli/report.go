package cli

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"

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
	Jobs     *int     `short:"J" name:"jobs" placeholder:"N" help:"With --run-tests, run up to N tests at once (default: [execution] jobs, else 1)."`
	HTML     string   `name:"html" placeholder:"FILE" help:"Also write a self-contained HTML page with the matrix and every scenario to FILE."`
}

// matrixJSON is the data of the report envelope.
type matrixJSON struct {
	Matrix    []matrixRowJSON    `json:"matrix"`
	Summary   summaryJSON        `json:"summary"`
	Scenarios []scenarioCellJSON `json:"scenarios"`
}

type matrixRowJSON struct {
	Spec      string `json:"spec"`
	Archetype string `json:"archetype"`
	Covered   int    `json:"covered"`
	Missing   int    `json:"missing"`
	Failing   int    `json:"failing"`
}

type summaryJSON struct {
	Scenarios int `json:"scenarios"`
	Covered   int `json:"covered"`
	Missing   int `json:"missing"`
	Failing   int `json:"failing"`
	// ProvenByTests and ProvenByExitCode split the covered scenarios by
	// what proved them, only with --run-tests (issue 23).
	ProvenByTests    *int `json:"proven_by_tests,omitempty"`
	ProvenByExitCode *int `json:"proven_by_exit_code,omitempty"`
}

type scenarioCellJSON struct {
	Spec         string `json:"spec"`
	ID           string `json:"id"`
	Archetype    string `json:"archetype"`
	State        string `json:"state"`
	ContractPath string `json:"contract_path"`
	Proof        string `json:"proof,omitempty"`
}

// Validate rejects --jobs 0.
func (c *ReportCmd) Validate() error {
	if c.Jobs != nil && *c.Jobs < 1 {
		return fmt.Errorf("--jobs must be at least 1, got %d", *c.Jobs)
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
	opts := check.Options{Changes: overlay.Normalize(c.Changes)}
	if len(d.Drivers) > 0 {
		opts.Adapters = &check.Adapters{Drivers: d.Drivers, Process: d.Process, Dir: r.Root}
	}
	if c.RunTests {
		jobs := 0
		if c.Jobs != nil {
			jobs = *c.Jobs
		}
		opts.Exec = &check.Exec{Process: d.Process, Dir: r.Root, Jobs: jobs, Scratch: d.Scratch, Getenv: d.Getenv}
	}
	rep, err := check.Run(ctx, r.FS, *r.Config, opts)
	if err != nil {
		return checkError(err)
	}
	if rep.Interrupted {
		return &ExitError{Code: ExitInterrupted, Message: "interrupted: no report"}
	}
	m := coverage.Build(r.FS, rep)
	ran := c.RunTests
	if c.HTML != "" {
		if err := writeHTML(ctx, g, d, c.HTML, m); err != nil {
			return err
		}
	}
	s := m.Summary()
	complete := s.Missing+s.Failing == 0
	switch g.format() {
	case "json":
		err = output.WriteEnvelope(d.Streams.Out, output.NewEnvelope("report", Version, complete, matrixData(m, ran)))
	case "markdown":
		err = output.CoverageMarkdown(d.Streams.Out, m)
	default:
		err = output.CoverageText(d.Streams.Out, m, ran)
	}
	if err != nil {
		return err
	}
	if !complete {
		return errGateFailed
	}
	return nil
}

// matrixData is the JSON form: a row per capability (then TOTAL) and
// archetype column, every column present.
func matrixData(m coverage.Matrix, ran bool) matrixJSON {
	out := matrixJSON{Matrix: []matrixRowJSON{}, Scenarios: []scenarioCellJSON{}}
	cols := coverage.Columns()
	for _, r := range m.Rows {
		for i, cell := range r.Cells {
			out.Matrix = append(out.Matrix, matrixRowJSON{r.Spec, cols[i], cell.Covered, cell.Missing, cell.Failing})
		}
	}
	s := m.Summary()
	out.Summary = summaryJSON{Scenarios: s.Covered + s.Missing + s.Failing, Covered: s.Covered, Missing: s.Missing, Failing: s.Failing}
	if ran {
		p := m.Proofs()
		out.Summary.ProvenByTests, out.Summary.ProvenByExitCode = &p.Tests, &p.ExitCode
	}
	for _, sc := range m.Scenarios {
		out.Scenarios = append(out.Scenarios, scenarioCellJSON{sc.Unit.Capability, sc.Unit.Scenario.ID, sc.Archetype, sc.State, sc.Unit.ContractPath, sc.Proof})
	}
	return out
}

// writeHTML writes the page atomically (a browser or CI upload never sees
// half of it), resolving FILE against -C like --output.
func writeHTML(ctx context.Context, g *Globals, d *Deps, file string, m coverage.Matrix) error {
	var buf bytes.Buffer
	if err := output.CoverageHTML(&buf, m, Version); err != nil {
		return err
	}
	path, err := outputPath(g, d, file)
	if err != nil {
		return err
	}
	if err := d.NewWriter(filepath.Dir(path)).WriteFile(ctx, filepath.Base(path), buf.Bytes(), 0o644); err != nil {
		return &ExitError{Code: ExitCannotRun, Cause: err,
			Message: fmt.Sprintf("cannot write the HTML report to %s (--html): %v; check that its directory exists and is writable", file, innermost(err))}
	}
	return nil
}
