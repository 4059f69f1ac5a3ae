package cli

import (
	"fmt"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/doctor"
	"github.com/espectacular/ah/core/quality"
)

// preCommit reports whether the check is a pre-commit run (seed 004's
// "pre-commit scope").
func (c *CheckCmd) preCommit(d *Deps) bool {
	return c.PreCommit || d.Getenv("AH_SCOPE") == quality.PreCommit
}

// mutation reports whether --mutation runs the mutation tool (issue 16);
// it notes on stderr why a configured one is skipped.
func (c *CheckCmd) mutation(d *Deps, r *repo) bool {
	configured := len(r.Config.Mutation.Command) > 0
	run, note := quality.MutationRuns(c.Mutation, c.preCommit(d), configured)
	if note != "" {
		fmt.Fprintln(d.Streams.Err, "ah: "+note)
	}
	return run
}

// enableMutation is the command that adds a [quality.mutation] tool.
const enableMutation = "ah doctor --enable mutation"

// mutationEnableWorks reports whether `ah doctor --enable mutation` would
// add a tool in this project, as doctor decides it: from manifests and
// imports, without probing (issue 27).
func mutationEnableWorks(d *Deps, r *repo) bool {
	return len(r.Config.Mutation.Command) == 0 && doctor.MutationToolKnown(adapter.Scan(r.FS, d.Drivers))
}
