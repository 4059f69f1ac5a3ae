package shard

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"io/fs"
	"slices"

	"github.com/espectacular/ah/core/report"
	"github.com/espectacular/ah/core/selection"
)

// Scenario is what the corpus digest reads of one unit: its scenario's
// fields and where its contract is.
type Scenario struct {
	Capability, SpecPath, ID, Title, Body, ContractPath string
}

// Digest identifies what a shard checked, so ah merge can refuse a
// report of another repository, commit or config: the config file at
// configPath, then every unit's scenario (capability, paths, id, title,
// body) and its contract's bytes, each field length-prefixed so no two
// corpora share a stream. A missing file hashes as absent, unlike an
// empty one.
func Digest(fsys fs.FS, configPath string, units []Scenario) string {
	h := sha256.New()
	file(h, fsys, configPath)
	for _, u := range units {
		for _, f := range []string{u.Capability, u.SpecPath, u.ID, u.Title, u.Body, u.ContractPath} {
			field(h, f)
		}
		file(h, fsys, u.ContractPath)
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

func field(h hash.Hash, s string) { fmt.Fprintf(h, "%d:%s", len(s), s) }

func file(h hash.Hash, fsys fs.FS, name string) {
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		field(h, "-")
		return
	}
	field(h, "+"+string(data))
}

// Input is what the run was asked to run, as a shard records it: the
// unit arguments (sorted, deduplicated), --strict and the changed-files
// selection (nil when none). Shards given other flags are not one run.
func Input(units []string, strict bool, sel *selection.Diff) report.SelectionInput {
	in := report.SelectionInput{Units: slices.Compact(slices.Sorted(slices.Values(units))), Strict: strict}
	if sel != nil {
		in.Source, in.Base, in.Head, in.Files = sel.Source, sel.Base, sel.Head, sel.Files
	}
	return in
}
