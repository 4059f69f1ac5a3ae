package cli

import (
	"context"
	"github.com/espectacular/ah/cmd/ah/cli/output"

	"github.com/espectacular/ah/core/lifecycle"
	"github.com/espectacular/ah/core/spec"
)

// ArchiveCmd is `ah archive`.
type ArchiveCmd struct {
	Change string `arg:"" help:"The change whose staged contracts move to their deployed locations."`
}

// Run moves the staged contracts, all or none, after OpenSpec archived the
// change's specs.
func (c *ArchiveCmd) Run(ctx context.Context, g *Globals, d *Deps) error {
	var archived lifecycle.ArchiveOps
	_, data, err := runOps(ctx, g, d, "archive", true, func(r *repo, deployed []spec.File) (ops []lifecycle.Op, err error) {
		archived, err = lifecycle.Archive(r.FS, deployed, c.Change)
		return archived.Ops, err
	})
	if err != nil {
		return err
	}
	var lines []string
	for _, m := range archived.Moves {
		lines = append(lines, "archived: "+m.From+" -> "+m.To)
	}
	if len(archived.Moves) == 0 {
		data.Notes = []string{"nothing to archive: the change stages no contract"}
	}
	return reportFiles(d, g, output.ArchiveKind, data, lines)
}
