// Command bench measures `ah check --run-tests` against the targets of the
// test-execution issue and prints the figures. It never fails on a figure:
// performance is read by people, not asserted (STYLE.md rule 38).
//
//	go run ./acceptance/bench [-n 5] [-only overhead,parallel,memory]
//
// It builds ah once into a temporary directory, writes throw-away
// repositories there, and removes everything when done.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"
)

func main() {
	runs := flag.Int("n", 5, "runs per measurement (the median is reported)")
	only := flag.String("only", "overhead,parallel,memory", "comma-separated benchmarks to run")
	flag.Parse()
	if err := run(*runs, strings.Split(*only, ",")); err != nil {
		fmt.Fprintf(os.Stderr, "bench: %v\n", err)
		os.Exit(2)
	}
}

func run(runs int, only []string) error {
	tmp, err := os.MkdirTemp("", "ah-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)

	ah := filepath.Join(tmp, "ah")
	build := exec.Command("go", "build", "-o", ah, "./cmd/ah")
	build.Dir, err = moduleRoot()
	if err != nil {
		return err
	}
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		return fmt.Errorf("build ah: %w", err)
	}
	b := bench{ah: ah, tmp: tmp, runs: runs}
	fmt.Printf("ah benchmarks (%d runs each after a warm-up; compared commands alternate)\n\n", runs)
	for _, name := range only {
		var err error
		switch name {
		case "overhead":
			err = b.overhead()
		case "parallel":
			err = b.parallel()
		case "memory":
			err = b.memory()
		default:
			err = fmt.Errorf("unknown benchmark %q (want overhead, parallel or memory)", name)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	return nil
}

type bench struct {
	ah, tmp string
	runs    int
}

// overhead compares ah running 200 trivial tests one at a time with a shell
// loop running the same 200 commands the same way (/bin/sh -c).
func (b bench) overhead() error {
	const n = 200
	cmds := make([]string, n)
	for i := range cmds {
		// Distinct commands, or ah would deduplicate them into one run.
		cmds[i] = fmt.Sprintf("true %d", i)
	}
	repo, err := b.repo("overhead", cmds, "")
	if err != nil {
		return err
	}
	loop := filepath.Join(repo, "loop.sh")
	var script strings.Builder
	for _, c := range cmds {
		fmt.Fprintf(&script, "/bin/sh -c '%s' || exit 1\n", c)
	}
	if err := os.WriteFile(loop, []byte(script.String()), 0o644); err != nil {
		return err
	}
	ss, err := b.compare(repo,
		named{"ah check --run-tests", []string{b.ah, "check", "--run-tests", "--quiet", "-J", "1"}},
		named{"shell loop", []string{"/bin/sh", loop}},
		named{"ah check (no tests)", []string{b.ah, "check"}},
		named{"ah version (startup)", []string{b.ah, "version"}})
	if err != nil {
		return err
	}
	fmt.Printf("overhead: %d tests of `true`, --jobs 1\n", n)
	printSeries(ss...)
	printRatio("ratio run-tests / loop", ss[0], ss[1], "<= 1.15")
	// What ah adds to running the tests, without its fixed start-up and
	// structural check, tells the cost per process apart from the fixed one.
	runOnly := series{name: "run-tests minus check", wall: diff(ss[0].wall, ss[2].wall), cpu: diff(ss[0].cpu, ss[2].cpu)}
	printRatio("ratio (minus check) / loop", runOnly, ss[1], "informative")
	fmt.Println()
	return nil
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
	var worst int64
	var verdict string
	var took time.Duration
	for range b.runs {
		m, err := b.measureMemory(repo)
		if err != nil {
			return err
		}
		worst = max(worst, m.peakKiB)
		verdict, took = m.verdict, m.took
	}
	fmt.Printf("memory: one test printing 1 GiB on stdout\n")
	fmt.Printf("  peak RSS of ah        %8.1f MiB (worst of %d runs; target < 40 MiB)\n", float64(worst)/1024, b.runs)
	fmt.Printf("  verdict               %8s   (want passed, not timed_out)\n", verdict)
	fmt.Printf("  wall time             %8s\n\n", ms(took))
	return nil
}

type memoryRun struct {
	peakKiB int64
	verdict string
	took    time.Duration
}

// measureMemory runs ah once and takes the larger of two readings of its
// peak RSS: VmHWM polled from /proc while it runs (Linux), and the
// maxrss reported by wait4 when it exits.
func (b bench) measureMemory(repo string) (memoryRun, error) {
	var stdout bytes.Buffer
	cmd := exec.Command(b.ah, "check", "--run-tests", "--json", "--quiet")
	cmd.Dir, cmd.Stdout, cmd.Stderr = repo, &stdout, os.Stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return memoryRun{}, err
	}
	done := make(chan struct{})
	hwm := make(chan int64, 1)
	go func() {
		var peak int64
		status := fmt.Sprintf("/proc/%d/status", cmd.Process.Pid)
		t := time.NewTicker(20 * time.Millisecond)
		defer t.Stop()
		for {
			if kib, ok := vmHWM(status); ok {
				peak = max(peak, kib)
			}
			select {
			case <-done:
				hwm <- peak
				return
			case <-t.C:
			}
		}
	}()
	waitErr := cmd.Wait()
	took := time.Since(start)
	close(done)
	peak := <-hwm
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		peak = max(peak, maxrssKiB(ru))
	}
	if _, isExit := waitErr.(*exec.ExitError); waitErr != nil && !isExit {
		return memoryRun{}, waitErr
	}
	return memoryRun{peakKiB: peak, verdict: verdictOf(stdout.Bytes()), took: took}, nil
}

// vmHWM reads the peak resident set (KiB) from a /proc/<pid>/status file.
func vmHWM(path string) (int64, bool) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	for line := range strings.Lines(string(data)) {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			var kib int64
			if _, err := fmt.Sscanf(strings.TrimSpace(rest), "%d kB", &kib); err == nil {
				return kib, true
			}
		}
	}
	return 0, false
}

// verdictOf extracts the single execution's verdict from the JSON report.
func verdictOf(report []byte) string {
	var env struct {
		Data struct {
			Executions []struct {
				Verdict string `json:"verdict"`
			} `json:"executions"`
		} `json:"data"`
	}
	if err := json.Unmarshal(report, &env); err != nil || len(env.Data.Executions) != 1 {
		return "unknown"
	}
	return env.Data.Executions[0].Verdict
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
	for _, p := range slices.Sorted(maps.Keys(files)) {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return "", err
		}
		if err := os.WriteFile(full, []byte(files[p]), 0o644); err != nil {
			return "", err
		}
	}
	return root, nil
}

// series are the wall and CPU times of one command over several runs,
// sorted.
type series struct {
	name      string
	wall, cpu []time.Duration
}

func (s series) median() time.Duration    { return s.wall[len(s.wall)/2] }
func (s series) best() time.Duration      { return s.wall[0] }
func (s series) cpuMedian() time.Duration { return s.cpu[len(s.cpu)/2] }

// compare runs the commands in turn in dir, b.runs rounds after one warm-up
// round, so that a busy machine slows all of them alike. A non-zero exit is
// an error: every benchmark's tests pass.
func (b bench) compare(dir string, cmds ...named) ([]series, error) {
	out := make([]series, len(cmds))
	for i, c := range cmds {
		out[i].name = c.name
	}
	for round := range b.runs + 1 {
		for i, c := range cmds {
			wall, cpu, err := timeRun(dir, c.argv)
			if err != nil {
				return nil, err
			}
			if round > 0 {
				out[i].wall = append(out[i].wall, wall)
				out[i].cpu = append(out[i].cpu, cpu)
			}
		}
	}
	for i := range out {
		slices.Sort(out[i].wall)
		slices.Sort(out[i].cpu)
	}
	return out, nil
}

// named is a command line with a label for the report.
type named struct {
	name string
	argv []string
}

// printSeries reports the median and best wall time and the median CPU
// time (user+system of the command and everything it waited for, which a
// busy machine disturbs less) of each command.
func printSeries(ss ...series) {
	for _, s := range ss {
		fmt.Printf("  %-28s wall median %8s  best %8s  cpu median %8s\n", s.name, ms(s.median()), ms(s.best()), ms(s.cpuMedian()))
	}
}

// printRatio reports a/b on median wall, best wall and median CPU time.
func printRatio(label string, a, b series, target string) {
	fmt.Printf("  %-28s wall median %8.2f  best %8.2f  cpu median %8.2f  (target %s, on wall time)\n",
		label, ratio(a.median(), b.median()), ratio(a.best(), b.best()), ratio(a.cpuMedian(), b.cpuMedian()), target)
}

// timeRun runs argv in dir and returns its wall time and its CPU time.
func timeRun(dir string, argv []string) (wall, cpu time.Duration, err error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		return 0, 0, fmt.Errorf("%s: %w\n%s", strings.Join(argv, " "), err, stderr.String())
	}
	wall = time.Since(start)
	return wall, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), nil
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

// maxrssKiB converts wait4's maxrss, which is KiB on Linux and bytes on
// macOS.
func maxrssKiB(ru *syscall.Rusage) int64 {
	if runtime.GOOS == "darwin" {
		return int64(ru.Maxrss) / 1024
	}
	return int64(ru.Maxrss)
}

// diff subtracts two sorted series element by element (the i-th fastest
// from the i-th fastest), keeping the result sorted enough for a median.
func diff(a, b []time.Duration) []time.Duration {
	out := make([]time.Duration, len(a))
	for i := range a {
		out[i] = a[i] - b[i]
	}
	slices.Sort(out)
	return out
}

func ratio(a, b time.Duration) float64 { return float64(a) / float64(b) }

func ms(d time.Duration) string { return fmt.Sprintf("%d ms", d.Milliseconds()) }
