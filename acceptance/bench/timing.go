package main

import (
	"bytes"
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"time"
)

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
			wall, cpu, err := timeRun(dir, c.argv, b.failing)
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
func timeRun(dir string, argv []string, failing bool) (wall, cpu time.Duration, err error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	if err := cmd.Run(); err != nil && !(failing && cmd.ProcessState != nil && cmd.ProcessState.ExitCode() == 1) {
		return 0, 0, fmt.Errorf("%s: %w\n%s", strings.Join(argv, " "), err, stderr.String())
	}
	wall = time.Since(start)
	return wall, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), nil
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
