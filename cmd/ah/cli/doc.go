// Package cli is ah's command-line layer: the kong grammar, one file per
// command, the exit-code table and the wiring of infra into the core. It is
// importable so acceptance tests run the very Main the binary runs.
//
// Commands decide no gate rule themselves (the core does: check, coverage,
// derivation) and return typed errors; exit.go alone maps an error to an
// exit code, 128+n for a signal included (WithSignal).
package cli
