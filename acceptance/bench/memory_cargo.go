package main

import "path/filepath"

// cargoTestPrinting200MiB is a Rust test that writes 200 MiB to stdout in
// 1 KiB lines and then fails, so libtest replays all of it in the test's
// failure section: the worst case for a parser that buffered the stream.
const cargoTestPrinting200MiB = `#[test]
fn prints() {
    let line = "x".repeat(1023);
    for _ in 0..200 * 1024 {
        println!("{line}");
    }
    assert_eq!(2 + 2, 5, "two plus two");
}
`

// memoryCargo runs one cargo test job, through the cargo adapter, whose
// test prints 200 MiB, and reports ah's peak resident set: libtest's
// output and cargo's stderr are parsed as they stream (issue 7).
func (b bench) memoryCargo() error {
	root := filepath.Join(b.tmp, "memory-cargo")
	files := map[string]string{
		".espectacular/config.toml":    "tool_version = \"0.1.0\"\n\n[execution]\ndefault_timeout_seconds = 600\n",
		"Cargo.toml":                   "[package]\nname = \"big\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
		"src/lib.rs":                   "#[cfg(test)]\nmod tests {\n" + cargoTestPrinting200MiB + "}\n",
		"openspec/specs/bench/spec.md": "# bench\n\n#### Scenario: Prints\n\nTHEN it prints\n",
		".espectacular/bench/prints.toml": "id = \"prints\"\ndescription = \"bench\"\narchetype = \"PF\"\nstatus = \"active\"\nauthored_with = \"0.1.0\"\n\n" +
			"[[tests.rust]]\nflags = \"--lib tests::prints\"\n",
	}
	if err := writeFiles(root, files); err != nil {
		return err
	}
	return b.reportMemory(root, true, "one cargo test job (cargo adapter) printing 200 MiB, then failing", "failed")
}
