package cli

import (
	"context"
	"errors"
	"strings"

	"github.com/espectacular/ah/cmd/ah/cli/output"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/lifecycle"
	"github.com/espectacular/ah/core/overlay"
	"github.com/espectacular/ah/core/spec"
)

// ContractCmd is `ah contract`.
type ContractCmd struct {
	New  ContractNewCmd  `cmd:"" help:"Write stub contracts for deployed scenarios (or, with --change, a change's scenarios) that have none."`
	Move ContractMoveCmd `cmd:"" help:"Move the contract of a renamed scenario to its new id, rewriting only its id line."`
}

// ContractMoveCmd is `ah contract move` (issue 39): a renamed scenario
// keeps the binding a person wrote.
type ContractMoveCmd struct {
	Capability string `arg:"" predictor:"capability" help:"The capability (spec directory) of the scenario."`
	From       string `arg:"" name:"old-id" help:"The scenario id the contract was written for (its file name), no longer in the spec."`
	To         string `arg:"" name:"new-id" help:"The renamed scenario's id, which has no contract yet."`
}

// Run moves the contract: the new file written, the old one removed, all
// or nothing.
func (c *ContractMoveCmd) Run(ctx context.Context, g *Globals, d *Deps) error {
	_, data, err := runOps(ctx, g, d, "contract move", true, func(r *repo, deployed []spec.File) ([]lifecycle.Op, error) {
		return lifecycle.MoveContract(r.FS, lifecycle.MoveRequest{Files: deployed, Capability: strings.TrimSuffix(c.Capability, "/"), From: c.From, To: c.To})
	})
	if err != nil {
		return err
	}
	var lines []string
	for _, p := range data.Written {
		lines = append(lines, "created: "+p)
	}
	for _, p := range data.Removed {
		lines = append(lines, "removed: "+p)
	}
	data.Notes = []string{"next: ah check " + c.Capability + "/" + c.To}
	return reportFiles(d, g, output.ContractKind, data, lines)
}

// ContractNewCmd is `ah contract new`.
type ContractNewCmd struct {
	Capability string   `arg:"" optional:"" predictor:"unit" help:"The capability (spec directory) of the scenarios, or one scenario as CAPABILITY/ID."`
	IDs        []string `arg:"" optional:"" name:"scenario-id" help:"The scenario ids (contract file names) to stub, or more CAPABILITY/ID of the same capability."`
	AllMissing bool     `name:"all-missing" help:"Stub every deployed scenario without a contract (of CAPABILITY only, when given)."`
	Change     string   `name:"change" placeholder:"ID" predictor:"change" help:"Stage the stubs in change ID (.espectacular/changes/ID/...) for the scenarios it adds or rewrites, as ah check --changes ID sees them."`
}

const contractNewUsage = "ah contract new needs a capability and at least one scenario id (CAPABILITY ID... or CAPABILITY/ID...), or --all-missing"

// Validate requires scenarios to be named unless --all-missing is given;
// a lone CAPABILITY/ID names one (ops resolves which form it is).
func (c *ContractNewCmd) Validate() error {
	if !c.AllMissing && (c.Capability == "" || len(c.IDs) == 0 && !strings.Contains(c.Capability, "/")) {
		return usageError(contractNewUsage)
	}
	return nil
}

// Run writes the stubs, all or none.
func (c *ContractNewCmd) Run(ctx context.Context, g *Globals, d *Deps) error {
	ops, data, err := runOps(ctx, g, d, "contract new", true, func(r *repo, deployed []spec.File) ([]lifecycle.Op, error) {
		return c.ops(r, deployed, lifecycle.TestType(adapter.Scan(r.FS, d.Drivers)))
	})
	if err != nil {
		return err
	}
	var lines []string
	for _, p := range data.Written {
		lines = append(lines, "created: "+p)
	}
	if len(ops) == 0 {
		data.Notes = []string{"nothing to do: every scenario has a contract"}
	} else {
		data.Notes = []string{"next: bind a test in each stub (until then ah check reports no-tests-declared)"}
	}
	return reportFiles(d, g, output.ContractKind, data, lines)
}

// ops stubs deployed scenarios, or with --change the change's own.
func (c *ContractNewCmd) ops(r *repo, files []spec.File, testType string) ([]lifecycle.Op, error) {
	args := c.IDs
	if c.Capability != "" {
		args = append([]string{c.Capability}, c.IDs...)
	}
	capability, ids, err := lifecycle.ScenarioArgs(args, r.isCapability(c.Change))
	if err != nil {
		return nil, err
	}
	if !c.AllMissing && len(ids) == 0 {
		return nil, usageError(contractNewUsage)
	}
	if c.AllMissing && c.Capability != "" && capability != strings.TrimSuffix(c.Capability, "/") {
		return nil, usageError("ah contract new --all-missing stubs a whole capability (ah contract new --all-missing %s); name scenarios without it (ah contract new %s)", capability, strings.Join(args, " "))
	}
	if c.Change == "" {
		return lifecycle.Stubs(r.FS, lifecycle.StubRequest{
			Files: files, Capability: capability, IDs: ids, AllMissing: c.AllMissing,
			Version: Version, TestType: testType,
		})
	}
	changes, err := overlay.Load(r.FS, r.Config.Changes, r.Config.SpecBytes(), []string{c.Change})
	if _, ok := errors.AsType[*overlay.UnknownChangeError](err); ok {
		return nil, &RunError{Message: "ah contract new --change: " + err.Error(), Cause: err}
	}
	if _, ok := errors.AsType[*overlay.BadIDError](err); ok {
		return nil, usageError("ah contract new --change: %s", err)
	}
	if err != nil {
		return nil, err
	}
	return lifecycle.StagedStubs(r.FS, lifecycle.StagedStubRequest{
		Change: changes[0].ID, Delta: changes[0].Files, Scopes: lifecycle.ChangeScope(r.FS, files, changes[0]),
		Capability: capability, IDs: ids, AllMissing: c.AllMissing,
		Version: Version, TestType: testType,
	})
}
