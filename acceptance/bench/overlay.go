package main

import (
	"fmt"
	"path/filepath"
	"strings"
)

// Overlay benchmark sizes (issue 10): 10 changes over a 10,000-scenario
// corpus, 100 capabilities of 10 requirements of 10 scenarios.
const (
	overlayCaps     = 100
	overlayReqs     = 10
	overlayPerReq   = 10
	overlayChanges  = 10
	overlayAddedPer = 5
)

// overlay times `ah check --changes c0 ... --changes c9` against `ah check`
// on the same corpus. Each change modifies one requirement of its own
// capability (restating its 10 scenarios and adding one) and adds a
// requirement of 5 scenarios, with staged contracts for the new ones.
func (b bench) overlay() error {
	root := filepath.Join(b.tmp, "overlay")
	files := map[string]string{".espectacular/config.toml": "tool_version = \"0.1.0\"\n"}
	contract := func(id string) string {
		return fmt.Sprintf("id = %q\ndescription = \"bench\"\narchetype = \"PF\"\nstatus = \"active\"\nauthored_with = \"0.1.0\"\n\n[[tests.shell]]\ncommand = \"true\"\n", id)
	}
	scenario := func(sb *strings.Builder, title string) {
		fmt.Fprintf(sb, "#### Scenario: %s\n- **WHEN** %s happens\n- **THEN** it holds\n\n", title, title)
	}
	for c := range overlayCaps {
		capability := fmt.Sprintf("cap%03d", c)
		var spec strings.Builder
		fmt.Fprintf(&spec, "# %s\n\n## Purpose\nBench capability.\n\n## Requirements\n\n", capability)
		for r := range overlayReqs {
			fmt.Fprintf(&spec, "### Requirement: R%d\nThe system SHALL do R%d.\n\n", r, r)
			for s := range overlayPerReq {
				title := fmt.Sprintf("Case %d %d", r, s)
				scenario(&spec, title)
				files[fmt.Sprintf(".espectacular/%s/case-%d-%d.toml", capability, r, s)] = contract(fmt.Sprintf("case-%d-%d", r, s))
			}
		}
		files["openspec/specs/"+capability+"/spec.md"] = spec.String()
	}
	args := []string{b.ah, "check"}
	for i := range overlayChanges {
		id, capability := fmt.Sprintf("change-%d", i), fmt.Sprintf("cap%03d", i*overlayCaps/overlayChanges)
		args = append(args, "--changes", id)
		var d strings.Builder
		d.WriteString("## MODIFIED Requirements\n\n### Requirement: R0\nThe system SHALL do R0 and more.\n\n")
		for s := range overlayPerReq {
			scenario(&d, fmt.Sprintf("Case 0 %d", s))
		}
		staged := func(sid string) {
			files[fmt.Sprintf(".espectacular/changes/%s/%s/%s.toml", id, capability, sid)] = contract(sid)
		}
		scenario(&d, "Extra case")
		staged("extra-case")
		d.WriteString("## ADDED Requirements\n\n### Requirement: New\nThe system SHALL do something new.\n\n")
		for s := range overlayAddedPer {
			scenario(&d, fmt.Sprintf("New case %d", s))
			staged(fmt.Sprintf("new-case-%d", s))
		}
		files[fmt.Sprintf("openspec/changes/%s/specs/%s/spec.md", id, capability)] = d.String()
	}
	if err := writeFiles(root, files); err != nil {
		return err
	}
	fmt.Printf("overlay: %d changes over %d scenarios (%d capabilities)\n", overlayChanges, overlayCaps*overlayReqs*overlayPerReq, overlayCaps)
	ss, err := b.compare(root, named{"ah check --changes x10", args}, named{"ah check", []string{b.ah, "check"}})
	if err != nil {
		return err
	}
	printSeries(ss...)
	printRatio("overlay / deployed", ss[0], ss[1], "<= 1.20")
	fmt.Println()
	return nil
}
