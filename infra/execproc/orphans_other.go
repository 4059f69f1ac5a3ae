//go:build !linux

package execproc

// Elsewhere orphans are re-parented to init; only the process group kill
// applies.
func adoptOrphans() {}

func killOrphans(bool) {}
