//go:build unix

package execproc

// DisableWatchdog keeps the watchdog from starting in this process, so a
// test can prove what the parent-death signal does alone.
func DisableWatchdog() { watchdog.once.Do(func() {}) }
