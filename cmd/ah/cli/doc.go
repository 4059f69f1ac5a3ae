// Package cli is ah's command-line layer: the kong grammar, one file per
// command, the exit-code table and the wiring of infra into the core. It is
// importable so acceptance tests run the very Main the binary runs.
package cli
