package finding

// Summary counts a finding set.
type Summary struct {
	// Scenarios counts the scenarios in scope.
	Scenarios  int `json:"scenarios"`
	Structural int `json:"structural"`
	Execution  int `json:"execution"`
	Warnings   int `json:"warnings"`
	// Passed counts passing test bindings.
	Passed       int          `json:"passed"`
	CountsByKind map[Kind]int `json:"counts_by_kind"`
	// Skipped counts the scenarios left out by unit arguments (ah check
	// gate/x); NotRun the test bindings that never started (--fail-fast).
	// Both are omitted when zero, so the summary of a whole-corpus run keeps
	// its shape.
	Skipped int `json:"skipped,omitempty"`
	NotRun  int `json:"not_run,omitempty"`
	// OutOfScope counts the scenarios [scope] in the config leaves out;
	// Waived the scenarios in scope whose contract carries a [waiver]
	// (issue 28). Neither is ever counted as passed; both are omitted when
	// zero.
	OutOfScope int `json:"out_of_scope,omitempty"`
	Waived     int `json:"waived,omitempty"`
	// Carried counts the scenarios whose pass ah check --carry took from
	// an evidence snapshot (issue 41), apart from Passed; omitted when zero.
	Carried int `json:"carried,omitempty"`
}

// Summarize counts fs by category and kind; scenarios is the number of
// scenarios in scope and passed the number of test bindings that passed.
func Summarize(fs []Finding, scenarios, passed int) Summary {
	s := Summary{Scenarios: scenarios, Passed: passed, CountsByKind: map[Kind]int{}}
	for _, f := range fs {
		s.CountsByKind[f.Kind]++
		switch {
		case f.Category == Structural:
			s.Structural++
		case f.Category == Execution:
			s.Execution++
		case f.Severity == Warn && f.Category != Quality:
			// A quality score below its threshold is a warning that must
			// not fail the gate, even with --strict (issue 16).
			s.Warnings++
		}
	}
	return s
}

// Failed reports whether any finding blocks the gate.
func Failed(fs []Finding) bool {
	for _, f := range fs {
		if f.Blocking() {
			return true
		}
	}
	return false
}
