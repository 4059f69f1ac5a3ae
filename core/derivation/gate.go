package derivation

// Passed is ah sync's gate rule: no refusal and no kept orphan (running a
// writing sync again would change nothing, so an agent told to run it
// must not loop) and, for ah sync --check (check), no derived contract
// missing, stale or orphaned.
func (res Result) Passed(check bool) bool {
	if len(res.Refusals) > 0 || res.Kept() {
		return false
	}
	if !check {
		return true
	}
	for _, c := range res.Contracts {
		if c.State == Missing || c.State == Stale || c.State == Orphaned {
			return false
		}
	}
	return true
}
