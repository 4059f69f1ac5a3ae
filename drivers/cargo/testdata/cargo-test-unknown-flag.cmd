# Captured with cargo 1.95.0 (f2d3ce0bd 2026-03-21) from acceptance/testdata/fixtures/cargo-basic
# copied to a temp dir; stdout -> cargo-test-unknown-flag.stdout, stderr -> cargo-test-unknown-flag.stderr; exit code: 1
cargo test --no-fail-fast --color=never --bogus
