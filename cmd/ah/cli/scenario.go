package cli

import (
	"context"
	"strings"

	"github.com/espectacular/ah/cmd/ah/cli/output"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/lifecycle"
	"github.com/espectacular/ah/core/spec"
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
	Create      bool   `name:"create" help:"Start the change when it does not exist yet: its directory and a proposal.md to fill in."`
}

// Run appends the scenario and stages its stub contract, both or neither.
func (c *ScenarioNewCmd) Run(ctx context.Context, g *Globals, d *Deps) error {
	ops, data, err := runOps(ctx, g, d, "scenario new", false, func(r *repo, _ []spec.File) ([]lifecycle.Op, error) {
		return lifecycle.NewScenario(r.FS, lifecycle.ScenarioRequest{
			Changes: r.Config.Changes, Specs: r.Config.Specs, Change: c.Change, Capability: c.Capability,
			Requirement: c.Requirement, Heading: c.Heading,
			Version: Version, TestType: lifecycle.TestType(adapter.Scan(r.FS, d.Drivers)), Create: c.Create,
		})
	})
	if err != nil {
		return err
	}
	var lines []string
	if len(ops) == 3 { // --create started the change
		lines, ops = append(lines, "change: "+ops[0].Path), ops[1:]
	}
	lines = append(lines, "scenario: "+ops[0].Path, "contract: "+ops[1].Path)
	return reportFiles(d, g, output.ScenarioKind, data, lines)
}

// ScenarioSupersedeCmd is `ah scenario supersede`.
type ScenarioSupersedeCmd struct {
	Capability string `arg:"" predictor:"unit" help:"The capability of the deployed scenario, or the scenario as CAPABILITY/OLD-ID."`
	OldID      string `arg:"" optional:"" name:"old-id" help:"The id of the scenario being superseded."`
	With       string `name:"with" required:"" placeholder:"NEW-ID" help:"The id of the scenario replacing it (deployed, or in the change's delta), or CAPABILITY/NEW-ID of the same capability."`
	InChange   string `name:"in-change" required:"" placeholder:"CHANGE" help:"The change that stages the superseded contract."`
}

// Run stages the superseded copy.
func (c *ScenarioSupersedeCmd) Run(ctx context.Context, g *Globals, d *Deps) error {
	ops, data, err := runOps(ctx, g, d, "scenario supersede", true, func(r *repo, deployed []spec.File) ([]lifecycle.Op, error) {
		capability, oldID, newID, err := c.scenarios(r.isCapability(c.InChange))
		if err != nil {
			return nil, err
		}
		return lifecycle.Supersede(r.FS, lifecycle.SupersedeRequest{
			Deployed: deployed, Changes: r.Config.Changes,
			Capability: capability, OldID: oldID, NewID: newID, Change: c.InChange,
		})
	})
	if err != nil {
		return err
	}
	return reportFiles(d, g, output.ScenarioKind, data, []string{"superseded: " + ops[0].Path})
}

// scenarios resolves CAPABILITY OLD-ID or CAPABILITY/OLD-ID, and a --with
// given as CAPABILITY/NEW-ID of that same capability.
func (c *ScenarioSupersedeCmd) scenarios(isCapability func(string) bool) (string, string, string, error) {
	args := []string{c.Capability}
	if c.OldID != "" {
		args = append(args, c.OldID)
	}
	capability, ids, err := lifecycle.ScenarioArgs(args, isCapability)
	if err != nil {
		return "", "", "", err
	}
	if len(ids) != 1 {
		return "", "", "", usageError("ah scenario supersede names one deployed scenario: CAPABILITY OLD-ID or CAPABILITY/OLD-ID")
	}
	newID := c.With
	if i := strings.LastIndex(newID, "/"); i >= 0 {
		withCap, id := newID[:i], newID[i+1:]
		if withCap != capability || id == "" {
			return "", "", "", usageError("ah scenario supersede --with %s: the replacement is a scenario of %s: --with NEW-ID or --with %s/NEW-ID", newID, capability, capability)
		}
		newID = id
	}
	return capability, ids[0], newID, nil
}
