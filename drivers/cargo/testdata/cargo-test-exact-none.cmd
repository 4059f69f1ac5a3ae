# Captured with cargo 1.95.0 (f2d3ce0bd 2026-03-21), rustc 1.95.0 (59807616e 2026-04-14) from acceptance/testdata/fixtures/cargo-basic
# copied to a temp dir, with RUST_BACKTRACE unset and CARGO_TARGET_DIR=/tmp/cargo-basic-target;
# stdout -> cargo-test-exact-none.stdout, stderr -> cargo-test-exact-none.stderr; exit code: 0
cargo test '--' '--exact' 'nope'
