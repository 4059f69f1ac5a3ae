package doctor

import "github.com/espectacular/ah/core/adapter"

// MutationToolKnown reports whether `ah doctor --enable mutation` knows a
// mutation tool for a project with these (scanned) facts, so that running
// it succeeds: ah check offers it as an apply_command only then (seed 004
// C-apply-command, issue 27).
func MutationToolKnown(facts adapter.Facts) bool { return detectedFramework(facts) == "go" }
