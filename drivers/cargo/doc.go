// Package cargo parses the output of `cargo test` for ah.
//
// The driver runs `cargo test` in the crate or workspace root. Stable Rust
// has no structured test output (libtest's JSON needs nightly or
// RUSTC_BOOTSTRAP), so Stream (as the run writes it) and Parse (captured
// output) read libtest's human output: each test binary
// (unit tests, every integration test file, doc-tests) writes `running N
// tests`, one `test <path> ... ok|FAILED|ignored` line per test, failure
// sections and a `test result:` line on stdout, while cargo writes compile
// progress and compiler errors on stderr, which Stream reads too. Args keeps
// that output plain and complete; neither starts a process. Nothing is added after `--`:
// arguments there reach every test binary, including `harness = false` ones
// that may reject them, and libtest prints no colour into a pipe anyway.
package cargo

// NoFailFastFlag makes cargo run every test binary even after one fails, so
// tests in later binaries get a result instead of silently not running.
const NoFailFastFlag = "--no-fail-fast"

// ColorFlag turns cargo's colour off; CARGO_TERM_COLOR=always would otherwise
// put escape codes into compiler errors.
const ColorFlag = "--color=never"

// Args returns the arguments added after `cargo test`, before `--`.
func Args() []string {
	return []string{NoFailFastFlag, ColorFlag}
}
