//go:build !linux

package execproc

// protectOutput does nothing: only Linux offers a per-process way to keep
// another process of the same user out of ah's descriptors (see
// dumpable_linux.go).
func protectOutput() {}
