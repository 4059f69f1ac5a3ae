package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// memorySpec checks a 100 MB spec (1,000 scenarios of 100 KB, none with a
// contract) with --json and reports ah's peak resident set as a multiple of
// the spec's size. Issue 9: it took 1.5 GB; every finding carries its
// scenario's body twice, so the output alone is twice the spec.
func (b bench) memorySpec() error {
	root := filepath.Join(b.tmp, "memory-spec")
	line := "- THEN the body of this scenario goes on for a while and then ends\n"
	body := strings.Repeat(line, 100_000/len(line))
	var spec strings.Builder
	for i := range 1000 {
		fmt.Fprintf(&spec, "#### Scenario: Case %04d\n%s", i, body)
	}
	if err := writeFiles(root, map[string]string{
		".espectacular/config.toml":    "tool_version = \"0.1.0\"\n[limits]\nspec_mib = 200\n",
		"openspec/specs/bench/spec.md": spec.String(),
	}); err != nil {
		return err
	}
	size := int64(spec.Len())
	var worst int64
	for range b.runs {
		m, err := b.measureMemory(root, true)
		if err != nil {
			return err
		}
		worst = max(worst, m.peakKiB)
	}
	_ = os.RemoveAll(root)
	fmt.Printf("memory-spec: check --json of a %.0f MB spec (1,000 scenarios, no contracts)\n", float64(size)/1e6)
	fmt.Printf("  peak RSS of ah        %8.1f MiB (worst of %d runs)\n", float64(worst)/1024, b.runs)
	fmt.Printf("  peak / spec size      %8.2f   (a small multiple; it was 12 before issue 9)\n\n", float64(worst)*1024/float64(size))
	return nil
}
