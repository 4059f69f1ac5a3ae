package cli

import (
	"context"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/lifecycle"
)

// ContractCmd is `ah contract`.
type ContractCmd struct {
	New ContractNewCmd `cmd:"" help:"Write stub contracts for deployed scenarios that have none."`
}

// ContractNewCmd is `ah contract new`.
type ContractNewCmd struct {
	Capability string   `arg:"" optional:"" predictor:"unit" help:"The capability (spec directory) of the scenarios."`
	IDs        []string `arg:"" optional:"" name:"scenario-id" help:"The scenario ids (contract file names) to stub."`
	AllMissing bool     `name:"all-missing" help:"Stub every deployed scenario without a contract (of CAPABILITY only, when given)."`
}

// Validate requires scenarios to be named unless --all-missing is given.
func (c *ContractNewCmd) Validate() error {
	if !c.AllMissing && (c.Capability == "" || len(c.IDs) == 0) {
		return usageError("ah contract new needs a capability and at least one scenario id, or --all-missing")
	}
	return nil
}

// Run writes the stubs, all or none.
func (c *ContractNewCmd) Run(ctx context.Context, g *Globals, d *Deps) error {
	r, err := openRepo(g, d)
	if err != nil {
		return err
	}
	files, err := deployedSpecs(r)
	if err != nil {
		return err
	}
	ops, err := lifecycle.Stubs(r.FS, lifecycle.StubRequest{
		Files: files, Capability: c.Capability, IDs: c.IDs, AllMissing: c.AllMissing,
		Version: Version, TestType: lifecycle.TestType(adapter.Scan(r.FS, d.Drivers)),
	})
	if err != nil {
		return planError("contract new", err)
	}
	if err := applyOps(ctx, d, r, ops); err != nil {
		return err
	}
	written, removed := lifecycle.Paths(ops)
	data := filesJSON{Written: written, Removed: removed}
	var lines []string
	for _, p := range written {
		lines = append(lines, "created: "+p)
	}
	if len(ops) == 0 {
		data.Notes = []string{"nothing to do: every scenario has a contract"}
	} else {
		data.Notes = []string{"next: bind a test in each stub (until then ah check reports no-tests-declared)"}
	}
	return reportFiles(d, g, "contract", data, lines)
}
