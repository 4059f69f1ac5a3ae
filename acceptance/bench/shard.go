package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// shard splits a 400-contract corpus with uneven test durations into 4
// shards and prints the slowest shard's share of the unsharded work, by
// contract count and by a previous report's durations (--durations). Work
// is the sum of the durations the unsharded run recorded, so the ratio
// does not swing with the machine's load.
func (b bench) shard() error {
	const n, shards = 400, 4
	cmds := make([]string, n)
	for i := range cmds {
		// Every tenth test is ten times slower: a split by count alone
		// can pile them up; distinct commands, so none is deduplicated.
		d := 0.005 * float64(1+i%3)
		if i%10 == 7 {
			d = 0.1
		}
		cmds[i] = fmt.Sprintf("sleep %.3f && : %d", d, i)
	}
	repo, err := b.repo("shard", cmds, "")
	if err != nil {
		return err
	}
	prev := filepath.Join(repo, "prev.json")
	if err := b.report(repo, prev, "check", "--run-tests", "--quiet", "-J", "4", "--timings", "--json"); err != nil {
		return err
	}
	work, total, err := durations(prev)
	if err != nil {
		return err
	}
	fmt.Printf("shard: %d contracts, %d shards, unsharded work %d ms (sum of recorded test durations)\n", n, shards, total)
	for _, mode := range []struct {
		name  string
		extra []string
	}{{"by contract count", nil}, {"by --durations", []string{"--durations", prev}}} {
		worst := int64(0)
		for k := 1; k <= shards; k++ {
			out := filepath.Join(repo, fmt.Sprintf("shard-%d.json", k))
			args := append([]string{"check", "--run-tests", "--quiet", "-J", "4", "--json", "--shard", fmt.Sprintf("%d/%d", k, shards)}, mode.extra...)
			if err := b.report(repo, out, args...); err != nil {
				return err
			}
			refs, _, err := durations(out)
			if err != nil {
				return err
			}
			sum := int64(0)
			for ref := range refs {
				sum += work[ref]
			}
			worst = max(worst, sum)
		}
		fmt.Printf("  %-20s slowest shard %6d ms = %.3f of the work (goal <= 0.30; ideal %.2f)\n", mode.name, worst, float64(worst)/float64(total), 1.0/shards)
	}
	fmt.Println()
	return nil
}

// report runs ah with args in repo and writes its stdout to out; exit 1
// (a failed gate) is fine, the report is what counts.
func (b bench) report(repo, out string, args ...string) error {
	cmd := exec.Command(b.ah, args...)
	cmd.Dir = repo
	data, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() != 1) {
		return fmt.Errorf("ah %v: %w", args, err)
	}
	return os.WriteFile(out, data, 0o644)
}

// durations reads a check --json report: each binding's job duration (0
// without --timings) and the sum over jobs.
func durations(file string) (map[string]int64, int64, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, 0, err
	}
	var env struct {
		Data struct {
			Executions []struct {
				Bindings   []string `json:"bindings"`
				DurationMS int64    `json:"duration_ms"`
			} `json:"executions"`
		} `json:"data"`
	}
	if err := json.Unmarshal(data, &env); err != nil {
		return nil, 0, fmt.Errorf("%s: %w", file, err)
	}
	out, total := map[string]int64{}, int64(0)
	for _, ex := range env.Data.Executions {
		total += ex.DurationMS
		for i, ref := range ex.Bindings {
			if i == 0 {
				out[ref] = ex.DurationMS
			} else {
				out[ref] = 0 // a shared job counts once
			}
		}
	}
	return out, total, nil
}
