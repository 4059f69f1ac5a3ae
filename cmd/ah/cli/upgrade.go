package cli

import (
	"context"
	"errors"

	"github.com/espectacular/ah/cmd/ah/cli/output"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/upgrade"
)

// UpgradeCmd is `ah upgrade`.
type UpgradeCmd struct{}

// Run reports what changed since the config's tool_version and rewrites
// only that value. Upgrading exits 1, so a CI run notices the edit.
func (c *UpgradeCmd) Run(ctx context.Context, g *Globals, d *Deps) error {
	r, err := openRepo(g, d)
	if err != nil {
		return err
	}
	d.sweep(ctx, r.Root)
	var res upgrade.Result
	// Planned from the file under the writer's lock, as doctor --enable
	// does, so a concurrent edit is never overwritten.
	err = d.NewWriter(r.Root).Update(ctx, config.Path, func(old []byte) ([]byte, error) {
		var err error
		res, err = upgrade.Compute(old, Version)
		return res.Content, err
	})
	if ne, ok := errors.AsType[*upgrade.NewerError](err); ok {
		return &RunError{Message: ne.Error(), Cause: ne}
	}
	if err != nil {
		return err
	}
	data := output.NewUpgradeData(res, config.Path)
	data.UnassignedArchetypes = upgrade.UnassignedArchetypes(r.FS)
	if g.asJSON() {
		err = output.UpgradeKind.JSON(d.Streams.Out, jsonOpts(), !res.Upgraded).Print(data)
	} else {
		err = output.NewUpgradeText(d.Streams.Out).Print(data)
	}
	if err != nil {
		return err
	}
	if res.Upgraded {
		return errGateFailed
	}
	return nil
}
