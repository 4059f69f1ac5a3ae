package check

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"io/fs"
	"slices"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/report"
)

// corpusDigest identifies what a shard checked, so ah merge can refuse a
// report of another repository, commit or config: every unit's scenario
// (capability, paths, id, title, body), its contract's bytes and the
// config file, each field length-prefixed so no two corpora share a
// stream. A missing file hashes as absent, unlike an empty one.
func corpusDigest(fsys fs.FS, units []Unit) string {
	h := sha256.New()
	file(h, fsys, config.Path)
	for _, u := range units {
		for _, f := range []string{u.Capability, u.SpecPath, u.Scenario.ID, u.Scenario.Title, u.Scenario.Body, u.ContractPath} {
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

// selectionInput is what the run was asked to run, as a shard records it:
// shards given other flags are not one run.
func selectionInput(opts Options) report.SelectionInput {
	in := report.SelectionInput{Units: slices.Compact(slices.Sorted(slices.Values(opts.Units))), Strict: opts.Strict}
	if opts.Diff != nil {
		in.Source, in.Base, in.Head, in.Files = opts.Diff.Source, opts.Diff.Base, opts.Diff.Head, opts.Diff.Files
	}
	return in
}
