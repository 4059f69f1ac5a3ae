package derivation

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
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/repofs"
	"github.com/espectacular/ah/core/schema"
	"github.com/espectacular/ah/ports"
)

// Staleness is what the contract-stale check reads of a check.
type Staleness struct {
	// SpecsDir is [paths] specs; SpkPin is [spk] version (empty: any).
	SpecsDir, SpkPin string
	// Recorded are the contracts the check read and decoded that record
	// derived_from (RecordedOf), each decoded once; a path may repeat.
	Recorded []Recorded
	// Unread are the contracts in scope the check did not read, such as
	// orphans: they are read here.
	Unread []string
	// Owners is the first unit each contract of Recorded covers, by
	// contract path: a finding attaches to it.
	Owners map[string]Owner
}

// Owner is the scenario a contract-stale finding attaches to.
type Owner struct {
	Capability, SpecPath string
	Scenario             finding.ScenarioRef
}

// Recorded is what the contract-stale check needs of a contract that
// records derived_from: a check keeps it instead of the contract's bytes
// or its decoded document (issue 40: each contract decoded once).
type Recorded struct {
	Path, DerivedFrom string
	// Owned is why a person owns it (Owned): the gone-row message says
	// what ah sync will do with it.
	Owned string
}

// RecordedOf is the Recorded of the contract at p, whose bytes data the
// caller decoded into doc; ok is false when it records no derived_from
// (or doc is nil: it is not TOML).
func RecordedOf(p string, data []byte, doc map[string]any) (Recorded, bool) {
	from, _ := doc["derived_from"].(string)
	if from == "" || !bytes.Contains(data, []byte("derived_from")) {
		return Recorded{}, false
	}
	return Recorded{Path: p, DerivedFrom: from, Owned: owned(data, doc)}, true
}

// derivedContract is a contract in scope that records derived_from.
type derivedContract struct {
	path, capability, specPath, derivedFrom string
	// owned is why a person owns it (derivation.Owned): the gone-row
	// message says what ah sync will do with it.
	owned string
}

// StaleFindings checks each contract recording derived_from against its
// Properties row as spk parse reports it now (C-derived-stale): a
// different hash, or a row that is gone, is contract-stale. Without spk,
// or when spk cannot parse the spec, the check is skipped and a note says
// so (ah check --verbose).
func StaleFindings(ctx context.Context, fsys fs.FS, st Staleness, spk ports.Spk) ([]finding.Finding, []string, error) {
	recorded := slices.Clone(st.Recorded)
	for _, p := range st.Unread {
		data, err := repofs.ReadFile(fsys, p, repofs.ContractLimit)
		if err != nil || !bytes.Contains(data, []byte("derived_from")) {
			continue // unreadable contracts have findings of their own
		}
		doc, err := schema.DecodeTOML(data)
		if r, ok := RecordedOf(p, data, doc); err == nil && ok {
			recorded = append(recorded, r)
		}
	}
	slices.SortFunc(recorded, func(a, b Recorded) int { return strings.Compare(a.Path, b.Path) })
	recorded = slices.CompactFunc(recorded, func(a, b Recorded) bool { return a.Path == b.Path })
	derived := make([]derivedContract, len(recorded))
	for i, r := range recorded {
		capability, _, _ := contract.Split(config.Dir, r.Path)
		derived[i] = derivedContract{r.Path, capability, path.Join(st.SpecsDir, capability, "spec.md"), r.DerivedFrom, r.Owned}
	}
	if len(derived) == 0 {
		return nil, nil, nil
	}
	if spk == nil {
		return nil, []string{fmt.Sprintf("contract staleness not checked for %s: spk is not available", countDerived(len(derived)))}, nil
	}
	if pin := st.SpkPin; pin != "" {
		if v, err := spk.Version(ctx); err != nil || v != pin {
			why := fmt.Sprintf("spk %s is installed but [spk] version pins %s", v, pin)
			if err != nil {
				why = err.Error()
			}
			return nil, []string{fmt.Sprintf("contract staleness not checked for %s: %s", countDerived(len(derived)), why)}, nil
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
				return nil, []string{fmt.Sprintf("contract staleness not checked for %s: %v", countDerived(len(derived)), err)}, nil
			case errors.As(err, &se) && !exists(fsys, d.specPath):
				// No spec at all: the row is gone with it.
			case err != nil:
				notes = append(notes, fmt.Sprintf("contract staleness not checked for %s: %v", d.specPath, err))
				parsed[d.specPath] = nil
				continue
			}
			rows = map[string]string{}
			for _, dc := range FromSpec(s, "") {
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
			out = append(out, staleFinding(st.Owners, d, fmt.Sprintf(
				"%s has derived_from = %q but %s has no Properties row %s any more: %s",
				d.path, d.derivedFrom, d.specPath, prop, Disposal(d.owned))))
		case now != d.derivedFrom:
			out = append(out, staleFinding(st.Owners, d, fmt.Sprintf(
				"%s has derived_from = %q but row %s of %s now hashes to %q: its predicate or another cell changed; review the tests, then run `ah sync` to refresh the derived fields",
				d.path, d.derivedFrom, prop, d.specPath, now)))
		}
	}
	return out, notes, nil
}

// staleFinding attaches to the first scenario the contract covers, else to
// a placeholder scenario named by the contract id.
func staleFinding(owners map[string]Owner, d derivedContract, msg string) finding.Finding {
	f := finding.New(finding.ContractStale, msg)
	f.ContractPath = d.path
	if o, ok := owners[d.path]; ok {
		return f.WithScenario(o.Capability, o.SpecPath, o.Scenario)
	}
	_, id, _ := contract.Split(config.Dir, d.path)
	f.Spec, f.SpecPath = d.capability, d.specPath
	f.Scenario = &finding.ScenarioRef{ID: id}
	return f
}

func countDerived(n int) string {
	if n == 1 {
		return "1 derived contract"
	}
	return fmt.Sprintf("%d derived contracts", n)
}
