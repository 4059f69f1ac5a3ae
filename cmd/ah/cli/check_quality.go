package cli

import (
	"fmt"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/check"
	"github.com/espectacular/ah/core/doctor"
	"github.com/espectacular/ah/core/quality"
)

// preCommit reports whether the check runs in pre-commit scope.
func (c *CheckCmd) preCommit(d *Deps) bool {
	return c.PreCommit || d.Getenv("AH_SCOPE") == quality.PreCommit
}

// mutation is the mutation run of --mutation (issue 16), or nil; it notes
// on stderr why a configured one is skipped.
func (c *CheckCmd) mutation(d *Deps, r *repo) *check.Mutation {
	configured := len(r.Config.Mutation.Command) > 0
	run, note := quality.MutationRuns(c.Mutation, c.preCommit(d), configured)
	if note != "" {
		fmt.Fprintln(d.Streams.Err, "ah: "+note)
	}
	if !run {
		return nil
	}
	m := &check.Mutation{Process: d.Process, Dir: r.Root, Scratch: d.Scratch}
	if !configured {
		// As `ah doctor --enable mutation` decides: from manifests and
		// imports, without probing.
		m.EnableWorks = doctor.MutationToolKnown(adapter.Scan(r.FS, d.Drivers))
	}
	return m
}
