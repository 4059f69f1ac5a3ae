package derivation

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/repofs"
	"github.com/espectacular/ah/core/schema"
	"github.com/espectacular/ah/core/spec"
)

// derivedFile is a contract under .espectacular recording a non-empty
// derived_from, whatever its row says now.
type derivedFile struct {
	path, capability, derivedFrom string
	data                          []byte
	// doc is data decoded, once (Owned reads it).
	doc map[string]any
}

// property is the property id a derived_from value names ("" without @),
// read as ah check reads it.
func (d derivedFile) property() string {
	return d.derivedFrom[:max(strings.LastIndexByte(d.derivedFrom, '@'), 0)]
}

// derivedFiles lists the deployed contracts (config.DeployedContracts) in a
// capability directory that record derived_from, in path order.
// Unreadable, oversized and invalid files are skipped: ah check reports
// them, and sync cannot tell whether they are derived.
func derivedFiles(fsys fs.FS) ([]derivedFile, error) {
	paths, _, err := config.DeployedContracts(fsys)
	if err != nil {
		return nil, err
	}
	var out []derivedFile
	for _, p := range paths {
		capability, _, inCapability := contract.Split(config.Dir, p)
		if !inCapability {
			continue
		}
		data, err := repofs.ReadFile(fsys, p, repofs.ContractLimit)
		if err != nil || !bytes.Contains(data, []byte("derived_from")) {
			continue
		}
		doc, err := schema.DecodeTOML(data)
		r, ok := RecordedOf(p, data, doc)
		if err != nil || !ok {
			continue
		}
		out = append(out, derivedFile{p, capability, r.DerivedFrom, data, doc})
	}
	return out, nil
}

// orphans are the derived files whose row is known to be gone: their spec
// was parsed and has no such row, has no Properties row by its text, or
// no longer exists. Files already planned (a row derives that path) and
// files of refused specs are not judged.
func orphans(fsys fs.FS, cfg config.Config, files []spec.File, derived []derivedFile, planned []Contract, parsed map[string]bool) []Contract {
	discovered := map[string]spec.File{}
	for _, f := range files {
		discovered[f.Path] = f
	}
	var out []Contract
	for _, d := range derived {
		if slices.ContainsFunc(planned, func(c Contract) bool { return c.ContractPath == d.path }) {
			continue
		}
		specPath := path.Join(cfg.Specs, d.capability, "spec.md")
		prop := d.property()
		gone := fmt.Sprintf("%s has no Properties row %s any more", specPath, prop)
		f, found := discovered[specPath]
		switch {
		case parsed[specPath]:
			if slices.ContainsFunc(planned, func(c Contract) bool { return c.SpecPath == specPath && c.Property == prop }) {
				continue
			}
		case found && f.Skipped == nil:
			// Not a source: no frontmatter id, or no Properties rows.
			text, err := repofs.ReadString(fsys, specPath, cfg.SpecBytes())
			if err != nil || slices.Contains(PropertyIDs(text), prop) {
				continue // a row sync cannot derive from is not judged
			}
		case found, exists(fsys, specPath):
			continue // skipped or refused by discovery: unknown rows
		default:
			gone = specPath + " is gone"
		}
		owned := owned(d.data, d.doc)
		out = append(out, Contract{
			Capability: d.capability, SpecPath: specPath, ContractPath: d.path, Property: prop,
			DerivedFrom: d.derivedFrom, State: Orphaned, Owned: owned,
			Message: fmt.Sprintf("%s has derived_from = %q but %s: %s", d.path, d.derivedFrom, gone, Disposal(owned)),
		})
	}
	return out
}

func exists(fsys fs.FS, name string) bool {
	_, err := fs.Stat(fsys, name)
	return err == nil
}

// Owned says why a person owns the derived contract data, or "" when data
// is pure derivation output: byte for byte what ah sync writes for a new
// contract with its derived fields and authored_with (no tests, status
// "active", superseded_by "", no comment, no other edit). Only such a
// contract is deleted when its row is gone: restoring the row re-creates
// it, so nothing a person wrote is lost (C-sync-ownership).
func Owned(data []byte) string {
	doc, err := schema.DecodeTOML(data)
	if err != nil {
		return "it is not valid TOML"
	}
	return owned(data, doc)
}

// owned is Owned of data already decoded into doc.
func owned(data []byte, doc map[string]any) string {
	var why []string
	if tests, _ := doc["tests"].(map[string]any); len(tests) > 0 {
		why = append(why, "it declares tests")
	}
	if s, ok := doc["status"].(string); !ok {
		why = append(why, `it has no status = "active"`)
	} else if s != "active" {
		why = append(why, fmt.Sprintf("its status is %q", s))
	}
	if s, _ := doc["superseded_by"].(string); s != "" {
		why = append(why, fmt.Sprintf("its superseded_by is %q", s))
	}
	if len(why) > 0 {
		return strings.Join(why, " and ")
	}
	authored, _ := doc["authored_with"].(string)
	if !bytes.Equal(data, Render(Current(doc), authored)) {
		return "it holds edits ah sync did not write (a comment, a key, or another layout)"
	}
	return ""
}

// Disposal is what ah sync does with an orphaned derived contract of
// which owned (Owned) is said; ah check's contract-stale finding quotes
// it, so check and sync tell the same story.
func Disposal(owned string) string {
	if owned == "" {
		return "it holds nothing a person wrote, so `ah sync` deletes it; restore the row first if the property should stay (`ah sync` derives it again)"
	}
	fix := "delete the file if nothing in it is needed"
	if strings.Contains(owned, "tests") {
		fix = "move its tests to the contract that proves the behaviour now, then delete the file"
	}
	return fmt.Sprintf("%s, so `ah sync` keeps it and exits 1: %s, or restore the row", owned, fix)
}
