package quality

// PreCommit is the AH_SCOPE value of a pre-commit hook run.
const PreCommit = "pre-commit"

// MutationRuns decides whether ah check runs the mutation tool: only when
// --mutation was given explicitly (it is slow), in every scope. skipNote is
// set when a configured measurement is skipped in pre-commit scope, so the
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
