package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// structuralPerSpec is the number of scenarios (and contracts) per spec of
// the structural benchmark: 10,000 scenarios make 200 specs.
const structuralPerSpec = 50

// structural times the structural check, `ah check --json` on n scenarios
// in n/50 specs, each with its contract, against reading every file of
// the repository once with `find . -type f -exec cat {} +` (issue 29: the
// check should cost no more than reading its input). It returns the
// check's series and the guard's ratio (guardRatio).
func (b bench) structural(n int) (series, float64, error) {
	root := filepath.Join(b.tmp, fmt.Sprintf("structural-%d", n))
	if err := writeStructural(root, n); err != nil {
		return series{}, 0, err
	}
	defer os.RemoveAll(root)
	ss, err := b.compare(root,
		named{"ah check --json", []string{b.ah, "check", "--json"}},
		named{"find -exec cat", []string{"find", ".", "-type", "f", "-exec", "cat", "{}", "+"}})
	if err != nil {
		return series{}, 0, err
	}
	fmt.Printf("structural: ah check --json, %d scenarios in %d specs, one contract each\n", n, n/structuralPerSpec)
	printSeries(ss...)
	printRatio("check / cat", ss[0], ss[1], "<= 1.0")
	kib, err := peakKiB(root, b.ah, "check", "--json")
	if err != nil {
		return series{}, 0, err
	}
	fmt.Printf("  peak RSS of ah        %8.1f MiB, %.0f bytes per scenario (target <= 1 KB at 100k)\n\n", float64(kib)/1024, float64(kib)*1024/float64(n))
	return ss[0], guardRatio(ss[0], ss[1]), nil
}

// structuralScaling runs the structural benchmark on 10,000 and 100,000
// scenarios and prints how the check's time grows (linear: <= 11x).
func (b bench) structuralScaling() error {
	small, _, err := b.structural(10_000)
	if err != nil {
		return err
	}
	big, _, err := b.structural(100_000)
	if err != nil {
		return err
	}
	fmt.Printf("structural-100k: 100,000 scenarios against 10,000\n")
	fmt.Printf("  %-28s %8.2f  (target <= 11, linear)\n\n", "ratio 100k / 10k (median)", ratio(big.median(), small.median()))
	return nil
}

// writeStructural writes n scenarios in specs of structuralPerSpec, each
// with a passing contract.
func writeStructural(root string, n int) error {
	files := map[string]string{".espectacular/config.toml": "tool_version = \"0.1.0\"\n"}
	for c := range n / structuralPerSpec {
		capability := fmt.Sprintf("cap%04d", c)
		var spec strings.Builder
		fmt.Fprintf(&spec, "# %s\n\n## Purpose\nBench capability.\n\n## Requirements\n\n### Requirement: R\nThe system SHALL hold.\n\n", capability)
		for s := range structuralPerSpec {
			fmt.Fprintf(&spec, "#### Scenario: Case %d\n- **WHEN** case %d happens\n- **THEN** it holds\n\n", s, s)
			id := fmt.Sprintf("case-%d", s)
			files[fmt.Sprintf(".espectacular/%s/%s.toml", capability, id)] = fmt.Sprintf(
				"id = %q\ndescription = \"bench\"\narchetype = \"PF\"\nstatus = \"active\"\nauthored_with = \"0.1.0\"\n\n[[tests.shell]]\ncommand = \"true %s %d\"\n", id, capability, s)
		}
		files["openspec/specs/"+capability+"/spec.md"] = spec.String()
	}
	return writeFiles(root, files)
}
