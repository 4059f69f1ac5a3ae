# Captured with cargo 1.95.0 (f2d3ce0bd 2026-03-21), rustc 1.95.0 (59807616e 2026-04-14) from acceptance/testdata/fixtures/cargo-basic
# copied to a temp dir, with RUST_BACKTRACE unset and CARGO_TARGET_DIR=/tmp/cargo-basic-target;
# setup in the copy: printf 'pub fn broken() -> i64 { "not a number" }\n' >> src/lib.rs
# stdout -> cargo-test-build-fail-type.stdout, stderr -> cargo-test-build-fail-type.stderr; exit code: 101
cargo test
