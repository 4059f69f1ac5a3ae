//go:build !unix

package execproc

// Without process groups there is nothing for a watchdog to stop.
func startWatchdog()   {}
func guard(pgid int)   {}
func unguard(pgid int) {}
