// Package spkcli runs specodelic's spk program for the ports.Spk port:
// `spk lint <file> --json`, `spk parse <file> --json` and
// `spk --version --json`, decoding its envelopes leniently.
package spkcli
