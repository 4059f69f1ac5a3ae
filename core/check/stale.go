package check

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/derivation"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/repofs"
	"github.com/espectacular/ah/core/schema"
	"github.com/espectacular/ah/ports"
)

// derivedContract is a contract in scope that records derived_from.
type derivedContract struct {
	path, capability, specPath, derivedFrom string
	// owned is why a person owns it (derivation.Owned): the gone-row
	// message says what ah sync will do with it.
	owned string
}

// staleFindings checks each contract recording derived_from against its
// Properties row as spk parse reports it now (C-derived-stale): a
// different hash, or a row that is gone, is contract-stale. Without spk,
// or when spk cannot parse the spec, the check is skipped and a note says
// so (ah check --verbose). The contracts of r's units were read already
// (read[i] is r.units[i]'s); only the others, such as orphans, are read
// here.
func staleFindings(ctx context.Context, fsys fs.FS, cfg config.Config, r resolved, read []readContract, spk ports.Spk) ([]finding.Finding, []string, error) {
	known := make(map[string]*readContract, len(read))
	for i := range read {
		if read[i].read {
			known[r.units[i].ContractPath] = &read[i]
		}
	}
	var derived []derivedContract
	for _, p := range r.contracts {
		var data []byte
		if rc, ok := known[p]; ok {
			data = rc.derived
		} else if b, err := repofs.ReadFile(fsys, p, repofs.ContractLimit); err == nil {
			data = b // unreadable contracts have findings of their own
		}
		if !bytes.Contains(data, []byte("derived_from")) {
			continue
		}
		doc, err := schema.DecodeTOML(data)
		from, _ := doc["derived_from"].(string)
		if err != nil || from == "" {
			continue
		}
		capability, _, _ := contract.Split(config.Dir, p)
		derived = append(derived, derivedContract{p, capability, path.Join(cfg.Specs, capability, "spec.md"), from, derivation.Owned(data)})
	}
	if len(derived) == 0 {
		return nil, nil, nil
	}
	if spk == nil {
		return nil, []string{fmt.Sprintf("contract staleness not checked for %s: spk is not available", count(len(derived)))}, nil
	}
	if pin := cfg.Spk.Version; pin != "" {
		if v, err := spk.Version(ctx); err != nil || v != pin {
			why := fmt.Sprintf("spk %s is installed but [spk] version pins %s", v, pin)
			if err != nil {
				why = err.Error()
			}
			return nil, []string{fmt.Sprintf("contract staleness not checked for %s: %s", count(len(derived)), why)}, nil
		}
	}
	var out []finding.Finding
	var notes []string
	parsed := map[string]map[string]string{} // spec -> property -> derived_from
	for _, d := range derived {
		rows, ok := parsed[d.specPath]
		if !ok {
			s, err := spk.Parse(ctx, d.specPath)
			if err := ctx.Err(); err != nil {
				return nil, nil, err
			}
			var se *ports.SpkError
			switch {
			case errors.Is(err, ports.ErrSpkUnavailable):
				return nil, []string{fmt.Sprintf("contract staleness not checked for %s: %v", count(len(derived)), err)}, nil
			case errors.As(err, &se) && !exists(fsys, d.specPath):
				// No spec at all: the row is gone with it.
			case err != nil:
				notes = append(notes, fmt.Sprintf("contract staleness not checked for %s: %v", d.specPath, err))
				parsed[d.specPath] = nil
				continue
			}
			rows = map[string]string{}
			for _, dc := range derivation.FromSpec(s, "") {
				rows[dc.Property] = dc.Fields.DerivedFrom
			}
			parsed[d.specPath] = rows
		}
		if rows == nil {
			continue
		}
		prop := d.derivedFrom[:max(strings.LastIndexByte(d.derivedFrom, '@'), 0)]
		now, ok := rows[prop]
		switch {
		case !ok:
			out = append(out, staleFinding(r, d, fmt.Sprintf(
				"%s has derived_from = %q but %s has no Properties row %s any more: %s",
				d.path, d.derivedFrom, d.specPath, prop, derivation.Disposal(d.owned))))
		case now != d.derivedFrom:
			out = append(out, staleFinding(r, d, fmt.Sprintf(
				"%s has derived_from = %q but row %s of %s now hashes to %q: its predicate or another cell changed; review the tests, then run `ah sync` to refresh the derived fields",
				d.path, d.derivedFrom, prop, d.specPath, now)))
		}
	}
	return out, notes, nil
}

func exists(fsys fs.FS, name string) bool {
	_, err := fs.Stat(fsys, name)
	return err == nil
}

// staleFinding attaches to the first scenario the contract covers, else to
// a placeholder scenario named by the contract id.
func staleFinding(r resolved, d derivedContract, msg string) finding.Finding {
	f := finding.New(finding.ContractStale, msg)
	f.ContractPath = d.path
	if i := slices.IndexFunc(r.units, func(u Unit) bool { return u.ContractPath == d.path }); i >= 0 {
		u := r.units[i]
		return f.WithScenario(u.Capability, u.SpecPath, scenarioOf(u.Scenario))
	}
	_, id, _ := contract.Split(config.Dir, d.path)
	f.Spec, f.SpecPath = d.capability, d.specPath
	f.Scenario = &finding.ScenarioRef{ID: id}
	return f
}

// dropStale keeps stale contracts' tests from running: a structural
// finding blocks its contract.
func dropStale(ready []validated, stale []finding.Finding) []validated {
	if len(stale) == 0 {
		return ready
	}
	return slices.DeleteFunc(ready, func(v validated) bool {
		return slices.ContainsFunc(stale, func(f finding.Finding) bool { return f.ContractPath == v.ContractPath })
	})
}

func count(n int) string {
	if n == 1 {
		return "1 derived contract"
	}
	return fmt.Sprintf("%d derived contracts", n)
}
