package cli

import (
	"fmt"

	"github.com/espectacular/ah/core/check"
	"github.com/espectacular/ah/core/quality"
)

// preCommit reports whether the check runs in pre-commit scope.
func (c *CheckCmd) preCommit(d *Deps) bool {
	return c.PreCommit || d.Getenv("AH_SCOPE") == quality.PreCommit
}

// mutation sets up the mutation run of --mutation (issue 16), or notes on
// stderr why a configured one is skipped.
func (c *CheckCmd) mutation(_ *Globals, d *Deps, r *repo, opts *check.Options) error {
	configured := len(r.Config.Mutation.Command) > 0
	run, note := quality.MutationRuns(c.Mutation, c.preCommit(d), configured)
	if note != "" {
		fmt.Fprintln(d.Streams.Err, "ah: "+note)
	}
	if run {
		opts.Mutation = &check.Mutation{Process: d.Process, Dir: r.Root, Scratch: d.Scratch}
	}
	return nil
}
