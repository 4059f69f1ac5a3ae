// Package execproc runs child processes: argv without a shell, each child in
// its own process group, output drained into bounded tails, and a stop
// sequence (interrupt, grace period, kill) that leaves no process behind.
//
// On Linux the process becomes the reaper of its orphaned descendants, and
// any child it does not know as a Process's is taken for an escaped orphan:
// reaped when it exits, killed when no test runs. So execproc must be the
// only code of the process that starts child processes.
package execproc
