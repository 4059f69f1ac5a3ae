//go:build !linux

package execproc_test

// setUpParent needs nothing where PID 1 (launchd, for instance) reaps
// orphans promptly.
func setUpParent() {}
