package cli

import (
	"context"
	"errors"

	"github.com/espectacular/ah/cmd/ah/cli/output"
	"github.com/espectacular/ah/core/derivation"
	"github.com/espectacular/ah/core/unit"
	"github.com/espectacular/ah/ports"
)

// SyncCmd is `ah sync`.
type SyncCmd struct {
	// Capabilities select as ah check's units do, but whole capabilities
	// only: derived contracts belong to a spec, not to a scenario.
	Capabilities []string `arg:"" optional:"" name:"capability" predictor:"capability" help:"Derive (or with --check compare) only these capabilities and the capabilities nested under them; the specs of the others are not read and their contracts are left alone (default: all)."`
	Check        bool     `name:"check" help:"Write nothing: report each derived contract as missing, stale, fresh or orphaned, and exit 1 when any is missing, stale or orphaned."`
}

// Help is the detail of `ah sync --help`.
func (*SyncCmd) Help() string {
	return `Derives one contract per Properties row of every dual-format spec (a frontmatter id and a
Properties table) at .espectacular/<capability>/<slug of the property id>.toml, using spk lint and
spk parse. Existing contracts get only their derived fields (id, description, archetype,
falsifiability_class, derived_from) refreshed; tests, status, superseded_by and authored_with
stay byte-identical. A spec that is not spk lint-clean is refused, and then nothing is written.

A derived contract (one with a derived_from) whose Properties row or whole spec is gone is
orphaned. ah sync deletes it when it is byte for byte what ah sync writes (no tests, status
"active", superseded_by "", no comment or other edit): restoring the row derives it again. Any
other orphaned contract is kept and reported, and ah sync exits 1: move its tests to the contract
that proves the behaviour now and delete it, or restore the row.

Capability arguments select as they do for ah check: a selects a and a/b but not ab, and x, a
parent that is no capability, selects x/y. Only the selected specs are linted, parsed and derived;
the contracts of other capabilities are neither written, deleted nor reported.

Examples:
  ah sync                    derive or refresh the contracts
  ah sync --check            write nothing; exit 1 when a derived contract is missing, stale or orphaned
  ah sync gate               derive only the contracts of gate (and of gate/...)
  ah sync --check gate api   compare only the contracts of gate and api

Exit codes:
  0    everything derived (with --check: every derived contract is fresh)
  1    a refusal (spk missing, a spec not lint-clean), an orphaned contract a person owns (kept),
       or with --check a missing, stale or orphaned contract
  2    ah could not run: usage error, missing or invalid config, an argument naming no capability`
}

// Run derives (or with --check compares) the contracts and reports.
func (c *SyncCmd) Run(ctx context.Context, g *Globals, d *Deps) error {
	if f := g.format(); f != "text" && f != "json" {
		return usageError("ah sync prints text or json, not %s", f)
	}
	r, err := openRepo(g, d)
	if err != nil {
		return err
	}
	if !c.Check {
		d.sweep(ctx, r.Root)
	}
	opts := derivation.Options{AuthoredWith: Version, Capabilities: c.Capabilities}
	res, err := derivation.Derive(ctx, r.FS, *r.Config, d.spk(r.Config.Spk.Command, r.Root), opts)
	if _, ok := errors.AsType[*unit.UnknownError](err); ok {
		// The same exit code and words as ah check's unknown unit.
		return usageError("ah sync %s", err)
	}
	if err != nil {
		return err
	}
	var done derivation.Applied
	if !c.Check {
		w := d.NewWriter(r.Root)
		rm, canRemove := w.(ports.Remover)
		if !canRemove {
			rm = noRemover{}
		}
		if done, err = derivation.Apply(ctx, w, rm, res); err != nil {
			return err
		}
	}
	out := output.NewSyncData(c.Check, res, done)
	ok := res.Passed(c.Check) && len(done.Skipped) == 0
	if g.asJSON() {
		err = output.SyncKind.JSON(d.Streams.Out, jsonOpts(), ok).Print(out)
	} else {
		err = output.NewSyncText(d.Streams.Out).Print(out)
	}
	if err != nil {
		return err
	}
	if !ok {
		return errGateFailed
	}
	return nil
}

// spk is the spk port for a repository: the configured argv prefix, run
// in root. Without a Spk constructor (an embedding program's Deps), spk
// is unavailable.
func (d *Deps) spk(argv []string, root string) ports.Spk {
	if d.Spk == nil {
		return unavailableSpk{}
	}
	return d.Spk(argv, root)
}
