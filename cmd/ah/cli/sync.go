package cli

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/espectacular/ah/cmd/ah/cli/output"
	"github.com/espectacular/ah/core/derivation"
	"github.com/espectacular/ah/core/spec"
	"github.com/espectacular/ah/ports"
)

// SyncCmd is `ah sync`.
type SyncCmd struct {
	// Capabilities select as ah check's units do, but whole capabilities
	// only: derived contracts belong to a spec, not to a scenario.
	Capabilities []string `arg:"" optional:"" name:"capability" predictor:"capability" help:"Derive (or with --check compare) only these capabilities and the capabilities nested under them; the specs of the others are not read and their contracts are left alone (default: all)."`
	Check        bool     `name:"check" help:"Write nothing: report each derived contract as missing, stale or fresh, and exit 1 when any is missing or stale."`
}

// Help is the detail of `ah sync --help`.
func (*SyncCmd) Help() string {
	return `Derives one contract per Properties row of every dual-format spec (a frontmatter id and a
Properties table) at .espectacular/<capability>/<slug of the property id>.toml, using spk lint and
spk parse. Existing contracts get only their derived fields (id, description, archetype,
falsifiability_class, derived_from) refreshed; tests, status, superseded_by and authored_with
stay byte-identical. A spec that is not spk lint-clean is refused, and then nothing is written.

Capability arguments select as they do for ah check: a selects a and a/b but not ab, and x, a
parent that is no capability, selects x/y. Only the selected specs are linted, parsed and derived;
the contracts of other capabilities are neither written nor reported.

Examples:
  ah sync                    derive or refresh the contracts
  ah sync --check            write nothing; exit 1 when a derived contract is missing or stale
  ah sync gate               derive only the contracts of gate (and of gate/...)
  ah sync --check gate api   compare only the contracts of gate and api

Exit codes:
  0    everything derived (with --check: every derived contract is fresh)
  1    a refusal (spk missing, a spec not lint-clean), or with --check a missing or stale contract
  2    ah could not run: usage error, missing or invalid config, an argument naming no capability`
}

// syncJSON is data of the sync envelope (schemas/sync-output.schema.json).
type syncJSON struct {
	Check     bool               `json:"check"`
	Summary   syncSummaryJSON    `json:"summary"`
	Contracts []syncContractJSON `json:"contracts"`
	Refusals  []syncRefusalJSON  `json:"refusals"`
}

type syncSummaryJSON struct {
	Missing int `json:"missing"`
	Stale   int `json:"stale"`
	Fresh   int `json:"fresh"`
	Written int `json:"written"`
	Refused int `json:"refused"`
}

type syncContractJSON struct {
	Spec         string `json:"spec"`
	SpecPath     string `json:"spec_path"`
	ContractPath string `json:"contract_path"`
	Property     string `json:"property"`
	DerivedFrom  string `json:"derived_from"`
	State        string `json:"state"`
	Written      bool   `json:"written"`
}

type syncRefusalJSON struct {
	Kind            string   `json:"kind"`
	SpecPath        *string  `json:"spec_path"`
	Rules           []string `json:"rules"`
	Message         string   `json:"message"`
	PlaybookCommand string   `json:"playbook_command"`
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
	opts := derivation.Options{AuthoredWith: Version, Capabilities: c.Capabilities}
	res, err := derivation.Plan(ctx, r.FS, *r.Config, d.spk(r.Config.Spk.Command, r.Root), opts)
	if _, ok := errors.AsType[*spec.UnknownUnitError](err); ok {
		// The same exit code and words as ah check's unknown unit.
		return usageError("ah sync %s", err)
	}
	if err != nil {
		return err
	}
	written := 0
	if !c.Check {
		if written, err = derivation.Apply(ctx, d.NewWriter(r.Root), res); err != nil {
			return err
		}
	}
	out := syncData(c.Check, res, written)
	ok := len(res.Refusals) == 0 && !(c.Check && out.Summary.Missing+out.Summary.Stale > 0)
	if g.asJSON() {
		err = output.WriteEnvelope(d.Streams.Out, output.NewEnvelope("sync", Version, ok, out))
	} else {
		err = syncText(d.Streams.Out, out)
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

func syncData(check bool, res derivation.Result, written int) syncJSON {
	out := syncJSON{Check: check, Contracts: []syncContractJSON{}, Refusals: []syncRefusalJSON{}}
	for _, c := range res.Contracts {
		w := !check && len(res.Refusals) == 0 && c.State != derivation.Fresh
		out.Contracts = append(out.Contracts, syncContractJSON{
			Spec: c.Capability, SpecPath: c.SpecPath, ContractPath: c.ContractPath, Property: c.Property,
			DerivedFrom: c.DerivedFrom, State: string(c.State), Written: w,
		})
		switch c.State {
		case derivation.Missing:
			out.Summary.Missing++
		case derivation.Stale:
			out.Summary.Stale++
		default:
			out.Summary.Fresh++
		}
	}
	for _, r := range res.Refusals {
		rj := syncRefusalJSON{Kind: r.Kind, Rules: append([]string{}, r.Rules...), Message: r.Message, PlaybookCommand: "ah explain " + r.Kind}
		if r.SpecPath != "" {
			p := r.SpecPath
			rj.SpecPath = &p
		}
		out.Refusals = append(out.Refusals, rj)
	}
	out.Summary.Written, out.Summary.Refused = written, len(res.Refusals)
	return out
}

func syncText(w io.Writer, s syncJSON) error {
	for _, c := range s.Contracts {
		done := ""
		if c.Written {
			done = " (written)"
		}
		fmt.Fprintf(w, "%-7s %s  %s%s\n", c.State, output.Escape(c.ContractPath), c.DerivedFrom, done)
	}
	for _, r := range s.Refusals {
		fmt.Fprintf(w, "refused %s: %s (see `%s`)\n", r.Kind, output.Escape(r.Message), r.PlaybookCommand)
	}
	verb := "ah sync"
	if s.Check {
		verb = "ah sync --check"
	}
	_, err := fmt.Fprintf(w, "%s: %d derived contracts: %d missing, %d stale, %d fresh, %d written, %d refused\n",
		verb, len(s.Contracts), s.Summary.Missing, s.Summary.Stale, s.Summary.Fresh, s.Summary.Written, s.Summary.Refused)
	return err
}
