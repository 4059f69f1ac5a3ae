package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// overlayAdded times one change whose delta spec ADDs reqs requirements of
// 3 scenarios to a new capability, `ah check --json --changes big`,
// against the same text deployed as the capability's spec (issue 29: the
// overlay was quadratic, 98.9 s against 3.7 s at 20,000 requirements).
// Neither side has contracts, so both report one no-toml finding per
// scenario and exit 1. It returns the guard's ratio (guardRatio).
func (b bench) overlayAdded(reqs int) (float64, error) {
	var body strings.Builder
	for r := range reqs {
		fmt.Fprintf(&body, "### Requirement: Req %d\nThe system SHALL do %d.\n\n", r, r)
		for s := range 3 {
			fmt.Fprintf(&body, "#### Scenario: Case %d %d\n- **WHEN** %d %d happens\n- **THEN** it holds\n\n", r, s, r, s)
		}
	}
	config := map[string]string{".espectacular/config.toml": "tool_version = \"0.1.0\"\n"}
	delta, deployed := filepath.Join(b.tmp, "overlay-added-delta"), filepath.Join(b.tmp, "overlay-added-deployed")
	files := map[string]string{"openspec/changes/big/specs/big/spec.md": "## ADDED Requirements\n\n" + body.String()}
	for _, w := range []struct {
		root  string
		files map[string]string
	}{
		{delta, files},
		{deployed, map[string]string{"openspec/specs/big/spec.md": "# big\n\n## Purpose\nBench.\n\n## Requirements\n\n" + body.String()}},
	} {
		w.files[".espectacular/config.toml"] = config[".espectacular/config.toml"]
		if err := writeFiles(w.root, w.files); err != nil {
			return 0, err
		}
		// The delta's repository has no deployed spec, but a specs directory.
		if err := os.MkdirAll(filepath.Join(w.root, "openspec", "specs"), 0o755); err != nil {
			return 0, err
		}
		defer os.RemoveAll(w.root)
	}
	// Both repositories are compared from the delta one: the deployed
	// command runs with -C.
	fb := b
	fb.failing = true
	ss, err := fb.compare(delta,
		named{"ah check --changes big", []string{b.ah, "check", "--json", "--changes", "big"}},
		named{"ah check (deployed)", []string{b.ah, "-C", deployed, "check", "--json"}})
	if err != nil {
		return 0, err
	}
	fmt.Printf("overlay-added: one ADDED delta of %d requirements (%d scenarios), no contracts\n", reqs, 3*reqs)
	printSeries(ss...)
	printRatio("delta / deployed", ss[0], ss[1], "<= 1.5")
	fmt.Println()
	return guardRatio(ss[0], ss[1]), nil
}
