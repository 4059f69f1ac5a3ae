// Package quality holds the pure parts of opt-in quality measurement
// (issue 16): the script and argv of a mutation tool run, reading the
// score the tool prints, and the measurement findings. Running processes is
// the check use case's job; nothing here does I/O.
package quality
