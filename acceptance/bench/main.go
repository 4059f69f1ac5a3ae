// Command bench measures `ah check --run-tests` against the targets of the
// test-execution issue and prints the figures. It never fails on a figure:
// performance is read by people, not asserted (STYLE.md rule 38).
//
//	go run ./acceptance/bench [-n 5] [-only overhead,parallel,memory,memory-go,memory-cargo,memory-spec,shard,selection,overlay,overlay-added,structural,structural-100k]
//	go run ./acceptance/bench -n 3 -only batch   # batch-go,batch-pytest,batch-vitest,batch-self
//	go run ./acceptance/bench -n 3 -only gate-go  # issue 29: a 9-package Go module's gate against one go test
//	go run ./acceptance/bench -n 3 -only gate-pytest  # issue 40: a 45-scenario pytest repository, warm probe cache, against one pytest
//	go run ./acceptance/bench -only select-safety # issues 25, 35: selection never leaves out a failing contract
//	go run ./acceptance/bench -only select-safety-short  # a few faults per framework (CI); select-safety-go one suite
//	go run ./acceptance/bench -only evidence [-evidence-n 1] [-evidence-edit FILE]  # issue 41: verify and --carry against a full run; evidence-self, evidence-go
//	go run ./acceptance/bench -only litter [-iterations 200] [-seed 1]   # litter-archive,litter-contract-new,litter-supersede,litter-sync
//
// The litter loops (issue 26) and select-safety (issues 25, 35) are the
// exceptions to "never fails": they check correctness, not speed, and exit
// 1 when a temporary file survives the run after a kill -9, or a file is
// half-written, or a selection leaves out a contract its change breaks.
//
// It builds ah once into a temporary directory, writes throw-away
// repositories there, and removes everything when done.
package main

import (
	"errors"
	"flag"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

func main() {
	runs := flag.Int("n", 5, "runs per measurement (the median is reported)")
	guard := flag.Bool("guard", false, "run the CI performance guard (structural, overlay-added, overhead; 3 runs) and fail when a ratio is over 3x its goal")
	iterations := flag.Int("iterations", 200, "kill -9 iterations per command of the litter loops")
	seed := flag.Uint64("seed", 1, "seed of the litter loops' kill delays")
	only := flag.String("only", "overhead,parallel,memory,memory-go,memory-cargo,memory-spec,shard,selection,overlay", "comma-separated benchmarks to run")
	flag.Parse()
	if *guard {
		n := 3
		flag.Visit(func(f *flag.Flag) {
			if f.Name == "n" {
				n = *runs
			}
		})
		ok, err := runGuard(n)
		if err != nil {
			fmt.Fprintf(os.Stderr, "bench: %v\n", err)
			os.Exit(2)
		}
		if !ok {
			os.Exit(1)
		}
		return
	}
	if err := run(*runs, strings.Split(*only, ","), litterOpts{*iterations, *seed}); err != nil {
		fmt.Fprintf(os.Stderr, "bench: %v\n", err)
		if errors.Is(err, errLitter) || errors.Is(err, errUnsafe) {
			os.Exit(1)
		}
		os.Exit(2)
	}
}

// litterOpts are the litter loops' flags.
type litterOpts struct {
	iterations int
	seed       uint64
}

func run(runs int, only []string, lo litterOpts) error {
	b, done, err := setup(runs)
	if err != nil {
		return err
	}
	defer done()
	if slices.ContainsFunc(only, func(n string) bool { return !strings.HasPrefix(n, "litter") }) {
		fmt.Printf("ah benchmarks (%d runs each after a warm-up; compared commands alternate)\n\n", runs)
	}
	for _, name := range only {
		var err error
		switch name {
		case "overhead":
			_, err = b.overhead()
		case "parallel":
			err = b.parallel()
		case "memory":
			err = b.memory()
		case "memory-go":
			err = b.memoryGo()
		case "memory-cargo":
			err = b.memoryCargo()
		case "memory-spec":
			err = b.memorySpec()
		case "shard":
			err = b.shard()
		case "selection":
			err = b.selection()
		case "overlay":
			err = b.overlay()
		case "overlay-added":
			_, err = b.overlayAdded(20_000)
		case "structural":
			_, _, err = b.structural(10_000)
		case "structural-100k":
			err = b.structuralScaling()
		case "batch":
			err = b.batchAll()
		case "batch-go":
			err = b.batchGo()
		case "batch-pytest":
			err = b.batchPytest()
		case "batch-vitest":
			err = b.batchVitest()
		case "batch-self":
			err = b.batchSelf()
		case "gate-go":
			err = b.gateGo()
		case "gate-pytest":
			err = b.gatePytest()
		case "litter":
			err = b.litterAll(litterNames, lo.iterations, lo.seed)
		case "litter-archive", "litter-contract-new", "litter-supersede", "litter-sync":
			err = b.litterAll([]string{strings.TrimPrefix(name, "litter-")}, lo.iterations, lo.seed)
		default:
			if strings.HasPrefix(name, "select-safety") {
				err = b.selectSafety(name)
				break
			}
			if strings.HasPrefix(name, "evidence") {
				err = b.evidence(name)
				break
			}
			err = fmt.Errorf("unknown benchmark %q (want overhead, parallel, memory, memory-go, memory-cargo, memory-spec, shard, selection, overlay, overlay-added, structural, structural-100k, batch, batch-go, batch-pytest, batch-vitest, batch-self, gate-go, gate-pytest, select-safety, select-safety-short, select-safety-<suite>, select-safety-self, evidence, evidence-self, evidence-go, litter, litter-archive, litter-contract-new, litter-supersede or litter-sync)", name)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	return nil
}

// setup builds ah into a new temporary directory; done removes it.
func setup(runs int) (bench, func(), error) {
	tmp, err := os.MkdirTemp("", "ah-bench-")
	if err != nil {
		return bench{}, nil, err
	}
	done := func() { os.RemoveAll(tmp) }
	b := bench{tmp: tmp, runs: runs}
	if b.ah, err = b.build("ah", "./cmd/ah"); err != nil {
		done()
		return bench{}, nil, err
	}
	return b, done, nil
}

// build builds the module's package pkg into the temporary directory as
// name and returns its path.
func (b bench) build(name, pkg string) (string, error) {
	out := filepath.Join(b.tmp, name)
	build := exec.Command("go", "build", "-o", out, pkg)
	var err error
	if build.Dir, err = moduleRoot(); err != nil {
		return "", err
	}
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		return "", fmt.Errorf("build %s: %w", name, err)
	}
	return out, nil
}

type bench struct {
	ah, tmp string
	runs    int
	// failing makes compare accept exit status 1 (a check with findings).
	failing bool
}

// overhead compares ah running 200 trivial tests one at a time with a shell
// loop running the same 200 commands the same way (/bin/sh -c).
func (b bench) overhead() (float64, error) {
	const n = 200
	cmds := make([]string, n)
	for i := range cmds {
		// Distinct commands, or ah would deduplicate them into one run.
		cmds[i] = fmt.Sprintf("true %d", i)
	}
	repo, err := b.repo("overhead", cmds, "")
	if err != nil {
		return 0, err
	}
	loop := filepath.Join(repo, "loop.sh")
	var script strings.Builder
	for _, c := range cmds {
		fmt.Fprintf(&script, "/bin/sh -c '%s' || exit 1\n", c)
	}
	if err := os.WriteFile(loop, []byte(script.String()), 0o644); err != nil {
		return 0, err
	}
	list := filepath.Join(repo, "commands.txt")
	if err := os.WriteFile(list, []byte(strings.Join(cmds, "\n")+"\n"), 0o644); err != nil {
		return 0, err
	}
	floor, err := b.build("execfloor", "./acceptance/bench/execfloor")
	if err != nil {
		return 0, err
	}
	ss, err := b.compare(repo,
		named{"ah check --run-tests", []string{b.ah, "check", "--run-tests", "--quiet", "-J", "1"}},
		named{"shell loop", []string{"/bin/sh", loop}},
		named{"go exec floor", []string{floor, list}},
		named{"ah check (no tests)", []string{b.ah, "check"}},
		named{"ah version (startup)", []string{b.ah, "version"}})
	if err != nil {
		return 0, err
	}
	fmt.Printf("overhead: %d tests of `true`, --jobs 1\n", n)
	printSeries(ss...)
	printRatio("ratio run-tests / loop", ss[0], ss[1], "<= 1.2")
	// A Go program doing nothing but os/exec's Run on each command is the
	// floor for any Go runner: Go's fork and exec, and its runtime, cost
	// more than the shell's vfork.
	printRatio("ratio go exec floor / loop", ss[2], ss[1], "informative")
	printRatio("ratio run-tests / floor", ss[0], ss[2], "informative")
	// What ah adds to running the tests, without its fixed start-up and
	// structural check, tells the cost per process apart from the fixed one.
	runOnly := series{name: "run-tests minus check", wall: diff(ss[0].wall, ss[3].wall), cpu: diff(ss[0].cpu, ss[3].cpu)}
	printRatio("ratio (minus check) / loop", runOnly, ss[1], "informative")
	fmt.Println()
	return guardRatio(ss[0], ss[1]), nil
}

// parallel compares --jobs 4 with --jobs 1 on 16 independent half-second
// tests.
func (b bench) parallel() error {
	const n = 16
	cmds := make([]string, n)
	for i := range cmds {
		cmds[i] = fmt.Sprintf("sleep 0.5 && : %d", i)
	}
	repo, err := b.repo("parallel", cmds, "")
	if err != nil {
		return err
	}
	ss, err := b.compare(repo,
		named{"ah check --run-tests -J 4", []string{b.ah, "check", "--run-tests", "--quiet", "-J", "4"}},
		named{"ah check --run-tests -J 1", []string{b.ah, "check", "--run-tests", "--quiet", "-J", "1"}})
	if err != nil {
		return err
	}
	fmt.Printf("parallel: %d tests of `sleep 0.5`\n", n)
	printSeries(ss...)
	printRatio("ratio -J 4 / -J 1", ss[0], ss[1], "<= 0.30; ideal 0.25")
	fmt.Println()
	return nil
}

// memory runs one test printing 1 GiB and reports ah's peak resident set.
func (b bench) memory() error {
	const gib = 1 << 30
	cmd := fmt.Sprintf("head -c %d /dev/zero | tr '\\0' x; echo; echo done", gib)
	repo, err := b.repo("memory", []string{cmd}, "")
	if err != nil {
		return err
	}
	return b.reportMemory(repo, false, "one test printing 1 GiB on stdout", "passed, not timed_out")
}

// reportMemory measures ah's peak RSS on repo over b.runs runs and prints
// the worst.
func (b bench) reportMemory(repo string, ownOnly bool, what, want string) error {
	var worst int64
	var last memoryRun
	for range b.runs {
		m, err := b.measureMemory(repo, ownOnly)
		if err != nil {
			return err
		}
		worst, last = max(worst, m.peakKiB), m
	}
	fmt.Printf("%s: %s\n", filepath.Base(repo), what)
	fmt.Printf("  peak RSS of ah        %8.1f MiB (worst of %d runs; target < 40 MiB)\n", float64(worst)/1024, b.runs)
	fmt.Printf("  verdict               %8s   (want %s)\n", last.verdict, want)
	fmt.Printf("  wall time             %8s\n\n", ms(last.took))
	return nil
}

// repo writes a repository with one scenario and contract per command.
func (b bench) repo(name string, cmds []string, config string) (string, error) {
	root := filepath.Join(b.tmp, name)
	var spec strings.Builder
	spec.WriteString("# bench\n")
	files := map[string]string{
		".espectacular/config.toml": "tool_version = \"0.1.0\"\n" + config,
	}
	for i, c := range cmds {
		id := fmt.Sprintf("case-%03d", i)
		fmt.Fprintf(&spec, "\n#### Scenario: Case %03d\n\nTHEN case %d holds\n", i, i)
		files[".espectacular/bench/"+id+".toml"] = fmt.Sprintf(
			"id = %q\ndescription = \"bench\"\narchetype = \"PF\"\nstatus = \"active\"\nauthored_with = \"0.1.0\"\n\n[[tests.shell]]\ncommand = %q\n", id, c)
	}
	files["openspec/specs/bench/spec.md"] = spec.String()
	return root, writeFiles(root, files)
}

// writeFiles writes files (slash-separated path -> content) under root.
func writeFiles(root string, files map[string]string) error {
	for _, p := range slices.Sorted(maps.Keys(files)) {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(full, []byte(files[p]), 0o644); err != nil {
			return err
		}
	}
	return nil
}

func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == os.DevNull {
		return "", fmt.Errorf("run from inside the ah module")
	}
	return filepath.Dir(mod), nil
}
