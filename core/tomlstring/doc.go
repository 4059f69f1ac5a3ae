// Package tomlstring is the one TOML basic-string quoter: every file ah
// writes or edits (a derived contract, a stub, a doctor fix) quotes its
// strings here, with one escaping rule that a strict TOML decoder reads
// back to the same string.
package tomlstring
