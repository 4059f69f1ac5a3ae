package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"syscall"
	"time"
)

type memoryRun struct {
	peakKiB int64
	verdict string
	took    time.Duration
}

// measureMemory runs ah once and takes the larger of two readings of its
// peak RSS: VmHWM polled from /proc while it runs (Linux), and the
// maxrss reported by wait4 when it exits. ownOnly keeps the VmHWM reading
// alone: wait4's maxrss also covers ah's children, which for go test
// include the compiler and linker.
func (b bench) measureMemory(repo string, ownOnly bool) (memoryRun, error) {
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
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok && (!ownOnly || peak == 0) {
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

// maxrssKiB converts wait4's maxrss, which is KiB on Linux and bytes on
// macOS.
func maxrssKiB(ru *syscall.Rusage) int64 {
	if runtime.GOOS == "darwin" {
		return int64(ru.Maxrss) / 1024
	}
	return int64(ru.Maxrss)
}

// peakKiB runs argv in dir once and returns the peak resident set of the
// process (wait4's maxrss; its children, if any, are far smaller here).
func peakKiB(dir string, argv ...string) (int64, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	if err := cmd.Run(); err != nil {
		if _, isExit := err.(*exec.ExitError); !isExit {
			return 0, err
		}
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0, fmt.Errorf("no resource usage for %s", argv[0])
	}
	return maxrssKiB(ru), nil
}
