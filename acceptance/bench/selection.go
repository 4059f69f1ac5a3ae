package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// selection changes one capability's spec in a 20-capability git
// repository and compares ah check --run-tests --base HEAD~1 with
// --all-tests (issue 13): the contracts run and the wall time.
func (b bench) selection() error {
	const caps, perCap = 20, 5
	root := filepath.Join(b.tmp, "selection")
	files := map[string]string{".espectacular/config.toml": "tool_version = \"0.1.0\"\n"}
	for c := range caps {
		capName := fmt.Sprintf("cap%02d", c)
		var spec strings.Builder
		fmt.Fprintf(&spec, "# %s\n", capName)
		for i := range perCap {
			id := fmt.Sprintf("case-%d", i)
			fmt.Fprintf(&spec, "\n#### Scenario: Case %d\n\nTHEN case %d holds\n", i, i)
			// Distinct commands, so none is deduplicated.
			files[".espectacular/"+capName+"/"+id+".toml"] = fmt.Sprintf(
				"id = %q\ndescription = \"bench\"\narchetype = \"PF\"\nstatus = \"active\"\nauthored_with = \"0.1.0\"\n\n[[tests.shell]]\ncommand = \"sleep 0.2 && : %s %d\"\n",
				id, capName, i)
		}
		files["openspec/specs/"+capName+"/spec.md"] = spec.String()
	}
	if err := writeFiles(root, files); err != nil {
		return err
	}
	changed := filepath.Join(root, "openspec", "specs", "cap07", "spec.md")
	steps := [][]string{{"init", "-q"}, {"add", "-A"}, {"commit", "-q", "-m", "base"}}
	if err := gitSteps(root, steps); err != nil {
		return err
	}
	// Reword one scenario body: the spec changes, its ids do not.
	if err := os.WriteFile(changed, []byte(strings.Replace(files["openspec/specs/cap07/spec.md"], "holds", "still holds", 1)), 0o644); err != nil {
		return err
	}
	if err := gitSteps(root, [][]string{{"commit", "-q", "-am", "cap07: reword"}}); err != nil {
		return err
	}

	ran, total, err := b.selectionCounts(root)
	if err != nil {
		return err
	}
	ss, err := b.compare(root,
		named{"ah check --run-tests --base HEAD~1", []string{b.ah, "check", "--run-tests", "--quiet", "-J", "1", "--base", "HEAD~1"}},
		named{"ah check --run-tests --all-tests", []string{b.ah, "check", "--run-tests", "--quiet", "-J", "1", "--all-tests"}},
		named{"ah check (no tests)", []string{b.ah, "check"}})
	if err != nil {
		return err
	}
	fmt.Printf("selection: %d capabilities x %d contracts (tests of 200 ms), one capability's spec changed, --jobs 1\n", caps, perCap)
	fmt.Printf("  contracts run         %d of %d = %.3f (target <= %.3f)\n", ran, total, float64(ran)/float64(total), 1.0/caps)
	printSeries(ss...)
	printRatio("ratio --base / --all-tests", ss[0], ss[1], "<= 0.10")
	fmt.Println()
	return nil
}

// selectionCounts runs the range selection once and reads how many
// contracts it ran of how many.
func (b bench) selectionCounts(root string) (ran, total int, err error) {
	out := filepath.Join(b.tmp, "selection.json")
	if err := b.report(root, out, "check", "--run-tests", "--quiet", "--base", "HEAD~1", "--json"); err != nil {
		return 0, 0, err
	}
	data, err := os.ReadFile(out)
	if err != nil {
		return 0, 0, err
	}
	var env struct {
		Data struct {
			Selection *struct {
				SelectedContracts []string `json:"selected_contracts"`
				Skipped           []string `json:"skipped"`
				FallbackReason    *string  `json:"fallback_reason"`
			} `json:"selection"`
			Executions []json.RawMessage `json:"executions"`
		} `json:"data"`
	}
	if err := json.Unmarshal(data, &env); err != nil {
		return 0, 0, fmt.Errorf("read %s: %w", out, err)
	}
	s := env.Data.Selection
	switch {
	case s == nil:
		return 0, 0, fmt.Errorf("%s has no data.selection", out)
	case s.FallbackReason != nil:
		return 0, 0, fmt.Errorf("the selection fell back: %s", *s.FallbackReason)
	}
	return len(env.Data.Executions), len(s.SelectedContracts) + len(s.Skipped), nil
}

// gitSteps runs git commands in dir with a fixed identity, whatever the
// user's configuration.
func gitSteps(dir string, steps [][]string) error {
	for _, args := range steps {
		cmd := exec.Command("git", append([]string{"-c", "user.name=bench", "-c", "user.email=bench@example.invalid", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("git %s: %w: %s", strings.Join(args, " "), err, out)
		}
	}
	return nil
}
