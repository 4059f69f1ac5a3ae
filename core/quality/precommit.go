package quality

// PreCommit is the AH_SCOPE value of a pre-commit hook run. Seed 004
// calls such a run "pre-commit scope"; it is a mode of the run, and never
// changes which scenarios the run covers (its scope).
const PreCommit = "pre-commit"

// MutationRuns decides whether ah check runs the mutation tool: only when
// --mutation was given explicitly (it is slow), in every run. skipNote is
// set when a configured measurement is skipped in a pre-commit run, so the
// hook's user learns why no score appears (issue 16).
func MutationRuns(explicit, preCommit, configured bool) (run bool, skipNote string) {
	if explicit {
		return true, ""
	}
	if preCommit && configured {
		return false, "pre-commit scope: mutation measurement skipped; pass --mutation to run it"
	}
	return false, ""
}
