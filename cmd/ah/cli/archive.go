package cli

import (
	"context"
	"github.com/espectacular/ah/cmd/ah/cli/output"

	"github.com/espectacular/ah/core/lifecycle"
)

// ArchiveCmd is `ah archive`.
type ArchiveCmd struct {
	Change string `arg:"" help:"The change whose staged contracts move to their deployed locations."`
}

// Run moves the staged contracts, all or none, after OpenSpec archived the
// change's specs.
func (c *ArchiveCmd) Run(ctx context.Context, g *Globals, d *Deps) error {
	r, err := openRepo(g, d)
	if err != nil {
		return err
	}
	files, err := deployedSpecs(r)
	if err != nil {
		return err
	}
	plan, err := lifecycle.Archive(r.FS, files, c.Change)
	if err != nil {
		return planError("archive", err)
	}
	if err := applyOps(ctx, d, r, plan.Ops); err != nil {
		return err
	}
	written, removed := lifecycle.Paths(plan.Ops)
	var lines []string
	for _, m := range plan.Moves {
		lines = append(lines, "archived: "+m.From+" -> "+m.To)
	}
	data := output.FilesData{Written: written, Removed: removed}
	if len(plan.Moves) == 0 {
		data.Notes = []string{"nothing to archive: the change stages no contract"}
	}
	return reportFiles(d, g, output.ArchiveKind, data, lines)
}
