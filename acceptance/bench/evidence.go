package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// The evidence case's own flags: a full run of this repository takes
// minutes, so it runs once by default, after one warm-up run.
var (
	evidenceRuns = flag.Int("evidence-n", 1, "evidence: timed rounds (each a full run, a verify and a carry) after one warm-up run")
	evidenceEdit = flag.String("evidence-edit", "", "evidence: the file to change (a comment appended) before the carry run; default core/coverage/doc.go here, p11/p11.go in the generated module")
)

// evidenceCase is one repository of the evidence benchmark.
type evidenceCase struct {
	name, what, edit string
	// prepare writes the repository into root, committed.
	prepare func(root string) error
}

// evidence is the benchmark of issue 41: on this repository (a clone of
// its HEAD) and on the generated Go module of select-safety, side by
// side, ah verify on the unchanged tree against the full ah check
// --run-tests --strict that wrote the snapshot, and ah check --carry
// after a one-file change (a comment appended, so every test still
// passes) against that full run.
//
//	evidence       both repositories
//	evidence-self  this repository; evidence-go the generated module
func (b bench) evidence(name string) error {
	cases := map[string]evidenceCase{
		"self": {name: "self", what: "this repository (a clone of HEAD)", edit: "core/coverage/doc.go", prepare: b.cloneSelf},
		"go": {name: "go", what: "the generated Go module of select-safety-go", edit: "p11/p11.go", prepare: func(root string) error {
			if err := writeFiles(root, goSafetySuite().files); err != nil {
				return err
			}
			return gitSteps(root, [][]string{{"init", "-q"}, {"add", "-A"}, {"commit", "-q", "-m", "base"}})
		}},
	}
	which, _ := strings.CutPrefix(strings.TrimPrefix(name, "evidence"), "-")
	names := []string{"self", "go"}
	if which != "" {
		if _, ok := cases[which]; !ok {
			return fmt.Errorf("no evidence case %q (want self or go)", which)
		}
		names = []string{which}
	}
	fmt.Printf("evidence: %d timed round(s) after a warm-up; full = ah check --run-tests --all-tests --strict --evidence, carry after a one-file change\n", *evidenceRuns)
	for _, n := range names {
		c := cases[n]
		if *evidenceEdit != "" {
			c.edit = *evidenceEdit
		}
		if err := b.evidenceCase(c); err != nil {
			return fmt.Errorf("%s: %w", n, err)
		}
	}
	fmt.Println()
	return nil
}

// evidenceCase times one repository: per round the full run (which
// writes the snapshot), ah verify on the unchanged tree, then the carry
// run with c.edit changed, which is reverted afterwards.
func (b bench) evidenceCase(c evidenceCase) error {
	root := filepath.Join(b.tmp, "evidence-"+c.name)
	if err := c.prepare(root); err != nil {
		return err
	}
	snap := filepath.Join(b.tmp, "evidence-"+c.name+".json")
	full := []string{b.ah, "check", "--run-tests", "--all-tests", "--strict", "--quiet", "--evidence", snap}
	verify := []string{b.ah, "verify", snap}
	carry := []string{b.ah, "check", "--run-tests", "--strict", "--quiet", "--json", "--carry", snap}
	ss := []series{{name: "full run"}, {name: "ah verify (unchanged)"}, {name: "--carry (one file changed)"}}
	var ran, total int
	exits := make([][]int, len(ss))
	for round := range *evidenceRuns + 1 {
		times := make([]evidenceTime, 0, 3)
		t, _, err := evidenceRun(root, full, true)
		if err != nil {
			return err
		}
		times = append(times, t)
		if round == 0 {
			continue // the warm-up fills go's build cache
		}
		// ah verify exits 0 on the snapshot of a passing run; of a failing
		// one (a test failed on a loaded machine), 1.
		if t, _, err = evidenceRun(root, verify, times[0].exit != 0); err != nil {
			return err
		}
		times = append(times, t)
		if err := appendComment(filepath.Join(root, filepath.FromSlash(c.edit))); err != nil {
			return err
		}
		t, out, err := evidenceRun(root, carry, true)
		if rerr := gitSteps(root, [][]string{{"checkout", "-q", "--", c.edit}}); err == nil {
			err = rerr
		}
		if err != nil {
			return err
		}
		times = append(times, t)
		if ran, total, err = carried(out); err != nil {
			return err
		}
		for i, t := range times {
			ss[i].wall, ss[i].cpu = append(ss[i].wall, t.wall), append(ss[i].cpu, t.cpu)
			exits[i] = append(exits[i], t.exit)
		}
	}
	for i := range ss {
		slices.Sort(ss[i].wall)
		slices.Sort(ss[i].cpu)
	}
	fmt.Printf("\n%s: %s; changed %s; --carry ran %d of %d contracts\n", c.name, c.what, c.edit, ran, total)
	printSeries(ss...)
	for i, e := range exits {
		if slices.ContainsFunc(e, func(code int) bool { return code != 0 }) {
			fmt.Printf("  %-28s exit codes %v: a finding (ah check names it; on a loaded machine, often a batch past its timeout)\n", ss[i].name, e)
		}
	}
	printEvidenceRatio("ratio verify / full", ss[1], ss[0])
	printEvidenceRatio("ratio carry / full", ss[2], ss[0])
	return nil
}

// printEvidenceRatio reports a/b as printRatio does, to three decimals:
// ah verify takes a small fraction of a full run.
func printEvidenceRatio(label string, a, b series) {
	fmt.Printf("  %-28s wall median %8.3f  best %8.3f  cpu median %8.3f\n",
		label, ratio(a.median(), b.median()), ratio(a.best(), b.best()), ratio(a.cpuMedian(), b.cpuMedian()))
}

type evidenceTime struct {
	wall, cpu time.Duration
	exit      int
}

// evidenceRun runs argv in dir and returns its times, its exit code and
// stdout. An exit over 1, or 1 unless failing is allowed, is an error
// naming the command, the end of its report and its stderr. A loaded
// machine can fail a --strict run on warnings alone (a batch past its
// timeout re-runs its tests one by one): the verdicts, and so the
// snapshot, still hold, and the report says it exited 1.
func evidenceRun(dir string, argv []string, failing bool) (evidenceTime, []byte, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	t := evidenceTime{wall: time.Since(start)}
	if cmd.ProcessState != nil {
		t.cpu, t.exit = cmd.ProcessState.UserTime()+cmd.ProcessState.SystemTime(), cmd.ProcessState.ExitCode()
	}
	if err != nil && !(failing && t.exit == 1) {
		out := stdout.Bytes()
		out = out[max(0, len(out)-4000):]
		return evidenceTime{}, nil, fmt.Errorf("%s: %w\n%s%s", strings.Join(argv, " "), err, out, stderr.String())
	}
	return t, stdout.Bytes(), nil
}

// carried reads a check --json report: the contracts it ran (selected)
// of all in scope.
func carried(report []byte) (ran, total int, err error) {
	var env struct {
		Data struct {
			Selection *struct {
				SelectedContracts []string `json:"selected_contracts"`
				Skipped           []string `json:"skipped"`
			} `json:"selection"`
		} `json:"data"`
	}
	if err := json.Unmarshal(report, &env); err != nil || env.Data.Selection == nil {
		return 0, 0, fmt.Errorf("the --carry report has no data.selection (%v)", err)
	}
	s := env.Data.Selection
	return len(s.SelectedContracts), len(s.SelectedContracts) + len(s.Skipped), nil
}

// appendComment appends a comment line to a Go file: the package
// changes, its behaviour does not.
func appendComment(path string) error {
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	_, err = f.WriteString("\n// An edit of the evidence benchmark.\n")
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// cloneSelf clones this repository's HEAD into root, with the fixtures'
// node_modules linked from the checkout so no test installs them again.
func (b bench) cloneSelf(root string) error {
	src, err := moduleRoot()
	if err != nil {
		return err
	}
	if out, err := exec.Command("git", "clone", "-q", src, root).CombinedOutput(); err != nil {
		return fmt.Errorf("git clone: %w: %s", err, out)
	}
	mods, _ := filepath.Glob(filepath.Join(src, "acceptance", "testdata", "fixtures", "*", "node_modules"))
	for _, m := range mods {
		rel, _ := filepath.Rel(src, m)
		if err := os.Symlink(m, filepath.Join(root, rel)); err != nil {
			return err
		}
	}
	return nil
}
