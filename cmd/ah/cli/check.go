package cli

import (
	"context"
	"fmt"
	"slices"

	"github.com/espectacular/ah/cmd/ah/cli/output"
	"github.com/espectacular/ah/core/check"
)

// CheckCmd is `ah check`.
type CheckCmd struct{}

// Run checks the repository and prints the report.
func (c *CheckCmd) Run(ctx context.Context, g *Globals, d *Deps) error {
	r, err := openRepo(g, d)
	if err != nil {
		return err
	}
	rep, err := check.Run(ctx, r.FS, r.Config, check.Options{})
	if err != nil {
		return err
	}
	for _, w := range rep.Warnings {
		fmt.Fprintf(d.Streams.Err, "ah: warning: %s\n", w)
	}
	if g.JSON {
		env := newEnvelope("check", !rep.Failed(), rep)
		env.Warnings = append(env.Warnings, slices.Clip(rep.Warnings)...)
		if err := writeEnvelope(d.Streams.Out, env); err != nil {
			return err
		}
	} else if err := output.CheckText(d.Streams.Out, rep, d.color()); err != nil {
		return err
	}
	if rep.Failed() {
		return errGateFailed
	}
	return nil
}
