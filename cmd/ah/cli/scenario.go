package cli

import (
	"context"
	"github.com/espectacular/ah/cmd/ah/cli/output"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/lifecycle"
)

// ScenarioCmd is `ah scenario`.
type ScenarioCmd struct {
	New       ScenarioNewCmd       `cmd:"" help:"Add a scenario to a change's spec delta and stage its contract."`
	Supersede ScenarioSupersedeCmd `cmd:"" help:"Stage a superseded copy of a deployed contract in a change."`
}

// ScenarioNewCmd is `ah scenario new`.
type ScenarioNewCmd struct {
	Change      string `arg:"" help:"The change id (directory under openspec/changes)."`
	Capability  string `arg:"" help:"The capability whose delta gets the scenario."`
	Heading     string `arg:"" help:"The scenario heading, as in #### Scenario: <heading>."`
	Requirement string `name:"requirement" required:"" placeholder:"TITLE" help:"The requirement the scenario belongs to (its exact name)."`
}

// Run appends the scenario and stages its stub contract, both or neither.
func (c *ScenarioNewCmd) Run(ctx context.Context, g *Globals, d *Deps) error {
	r, err := openRepo(g, d)
	if err != nil {
		return err
	}
	ops, err := lifecycle.NewScenario(r.FS, lifecycle.ScenarioRequest{
		Changes: r.Config.Changes, Change: c.Change, Capability: c.Capability,
		Requirement: c.Requirement, Heading: c.Heading,
		Version: Version, TestType: lifecycle.TestType(adapter.Scan(r.FS, d.Drivers)),
	})
	if err != nil {
		return planError("scenario new", err)
	}
	if err := applyOps(ctx, d, r, ops); err != nil {
		return err
	}
	written, removed := lifecycle.Paths(ops)
	lines := []string{"scenario: " + ops[0].Path, "contract: " + ops[1].Path}
	return reportFiles(d, g, output.ScenarioKind, output.FilesData{Written: written, Removed: removed}, lines)
}

// ScenarioSupersedeCmd is `ah scenario supersede`.
type ScenarioSupersedeCmd struct {
	Capability string `arg:"" help:"The capability of the deployed scenario."`
	OldID      string `arg:"" name:"old-id" help:"The id of the scenario being superseded."`
	With       string `name:"with" required:"" placeholder:"NEW-ID" help:"The id of the scenario replacing it (deployed, or in the change's delta)."`
	InChange   string `name:"in-change" required:"" placeholder:"CHANGE" help:"The change that stages the superseded contract."`
}

// Run stages the superseded copy.
func (c *ScenarioSupersedeCmd) Run(ctx context.Context, g *Globals, d *Deps) error {
	r, err := openRepo(g, d)
	if err != nil {
		return err
	}
	files, err := deployedSpecs(r)
	if err != nil {
		return err
	}
	ops, err := lifecycle.Supersede(r.FS, lifecycle.SupersedeRequest{
		Deployed: files, Changes: r.Config.Changes,
		Capability: c.Capability, OldID: c.OldID, NewID: c.With, Change: c.InChange,
	})
	if err != nil {
		return planError("scenario supersede", err)
	}
	if err := applyOps(ctx, d, r, ops); err != nil {
		return err
	}
	written, removed := lifecycle.Paths(ops)
	return reportFiles(d, g, output.ScenarioKind, output.FilesData{Written: written, Removed: removed}, []string{"superseded: " + ops[0].Path})
}
