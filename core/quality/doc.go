// Package quality holds the pure parts of opt-in quality measurement
// (issue 16): the script and argv of a mutation tool run, reading the
// score the tool prints, the measurement findings, and Measure, which runs
// the tool over each opted-in contract through the Runner the check hands
// it; nothing here does I/O itself.
package quality
