//go:build linux

package execproc

import (
	"bytes"
	"errors"
	"os"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// prSetChildSubreaper is PR_SET_CHILD_SUBREAPER from linux/prctl.h.
const prSetChildSubreaper = 36

var (
	subreaper sync.Once
	// adopted is set once this process became a subreaper: before that no
	// orphan can be ours, and Close has nothing to look for.
	adopted atomic.Bool
)

// reapEvery is how often exited orphans are reaped during a run.
const reapEvery = time.Second

// adoptOrphans makes this process the reaper of its orphaned descendants,
// so a test's process that escaped its group (setsid, a double-forked
// daemon) is re-parented to ah instead of init, and killOrphans can stop
// it. Orphans that exit meanwhile are reaped as they go, so a long run
// does not pile up zombies.
func adoptOrphans() {
	subreaper.Do(func() {
		_, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0)
		adopted.Store(errno == 0)
		if errno == 0 {
			go func() {
				for range time.Tick(reapEvery) {
					reapOrphans()
				}
			}()
		}
	})
}

// reapOrphans collects the exit status of orphans that have exited. Only
// pids that are not live are waited for, by pid: wait4(-1) would steal
// the status of a test's child from exec.Cmd.Wait.
//
// It also hands the watchdog every process group below ah, so a SIGKILL
// of ah takes along the processes that left their test's group (setsid,
// daemons) as well as the tests' groups.
func reapOrphans() {
	live.Lock()
	defer live.Unlock()
	for _, pid := range childrenOf(os.Getpid(), isLiveLocked) {
		var ws syscall.WaitStatus
		_, _ = syscall.Wait4(pid, &ws, syscall.WNOHANG, nil)
	}
	groups := descendantGroups(watchdogPID())
	for g := range groups {
		if !escapedGroups[g] {
			guard(g)
		}
	}
	for g := range escapedGroups {
		if !groups[g] {
			unguard(g)
		}
	}
	escapedGroups = groups
}

// escapedGroups are the process groups below ah the watchdog was told
// about by reapOrphans; guarded by live's lock.
var escapedGroups = map[int]bool{}

// descendantGroups lists the process groups of every descendant of this
// process except skip's subtree, never this process's own group (a
// descendant may have joined it). Bounded, in case of a fork bomb.
func descendantGroups(skip int) map[int]bool {
	groups := map[int]bool{}
	queue, ok := taskChildren("/proc/self")
	if !ok {
		return groups
	}
	own := syscall.Getpgrp()
	for n := 0; len(queue) > 0 && n < 100_000; n++ {
		pid := queue[0]
		queue = queue[1:]
		if pid == skip {
			continue
		}
		dir := "/proc/" + strconv.Itoa(pid)
		if stat, err := readProc(dir + "/stat"); err == nil {
			if g := statField(stat, 2); g > 1 && g != own {
				groups[g] = true
			}
		}
		kids, _ := taskChildren(dir)
		queue = append(queue, kids...)
	}
	return groups
}

// killOrphans kills and reaps every child of this process that is not
// live: descendants that left their test's process group and were
// re-parented here. Killing one re-parents its own children here, so it
// repeats until none is left (bounded, in case something keeps forking).
// Between tests (quick) it reads only the threads orphans land on (see
// orphanParents), a sixth of the system calls of reading every thread:
// it runs after every test of a sequential run.
func killOrphans(quick bool) {
	if !adopted.Load() {
		return
	}
	live.Lock()
	defer live.Unlock()
	defer func() {
		for g := range escapedGroups {
			unguard(g)
		}
		clear(escapedGroups)
	}()
	self := os.Getpid()
	list := childrenOf
	if quick {
		list = orphansOf
	}
	for range 20 {
		orphans := list(self, isLiveLocked)
		if len(orphans) == 0 {
			return
		}
		for _, pid := range orphans {
			_ = syscall.Kill(pid, syscall.SIGKILL)
			var ws syscall.WaitStatus
			for {
				_, err := syscall.Wait4(pid, &ws, 0, nil)
				if !errors.Is(err, syscall.EINTR) {
					break
				}
			}
		}
	}
}

// isLiveLocked reports whether pid is waited for by its Process; the
// caller holds live's lock.
func isLiveLocked(pid int) bool { return live.pids[pid] }

// childrenOf lists the children of this process (ppid), except live ones:
// from /proc/self/task/*/children where the kernel offers it, else by
// reading every /proc/<pid>/stat.
func childrenOf(ppid int, live func(pid int) bool) []int {
	if pids, ok := taskChildren("/proc/self"); ok {
		return slices.DeleteFunc(pids, live)
	}
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var out []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || live(pid) {
			continue
		}
		stat, err := readProc("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue // gone meanwhile
		}
		if parentOf(stat) == ppid {
			out = append(out, pid)
		}
	}
	return out
}

// orphansOf lists the orphans re-parented to this process (ppid), except
// live children, from the children of the threads orphanParents names;
// from every thread if the kernel does not list children.
func orphansOf(ppid int, live func(pid int) bool) []int {
	var pids []int
	for _, tid := range orphanParents(ppid) {
		kids, err := readProc("/proc/self/task/" + strconv.Itoa(tid) + "/children")
		if err != nil {
			return childrenOf(ppid, live)
		}
		for _, f := range bytes.Fields(kids) {
			if pid, err := strconv.Atoi(string(f)); err == nil {
				pids = append(pids, pid)
			}
		}
	}
	return slices.DeleteFunc(pids, live)
}

// orphanParents are the threads of this process (pid) an orphan can be
// re-parented to. Linux gives an orphan to a live thread of its nearest
// subreaper: in current kernels the first live thread of its group, the
// leader (find_new_reaper and find_alive_thread, kernel/exit.c); in older
// ones the subreaper's thread on the orphan's chain of parents, which for
// a test's descendants is the spawn thread that forked the test. Neither
// thread ever exits: Go never ends the main thread, and the spawn thread
// stays locked.
func orphanParents(pid int) []int {
	if tid := int(spawnTID.Load()); tid != 0 && tid != pid {
		return []int{pid, tid}
	}
	return []int{pid}
}

// taskChildren reads the children of every thread of the process whose
// /proc directory is dir.
func taskChildren(dir string) ([]int, bool) {
	tasks, err := listProc(dir + "/task")
	if err != nil {
		return nil, false
	}
	var pids []int
	for _, t := range tasks {
		data, err := readProc(dir + "/task/" + t + "/children")
		if err != nil {
			return nil, false // kernel without CONFIG_PROC_CHILDREN
		}
		for _, f := range bytes.Fields(data) {
			if pid, err := strconv.Atoi(string(f)); err == nil {
				pids = append(pids, pid)
			}
		}
	}
	return pids, true
}

// parentOf reads the ppid field of /proc/<pid>/stat.
func parentOf(stat []byte) int { return statField(stat, 1) }

// statField reads field i after the command of /proc/<pid>/stat: "pid
// (comm) state ppid pgrp ...", where comm may itself contain spaces and
// parentheses; i is 1 for ppid, 2 for pgrp.
func statField(stat []byte, i int) int {
	j := bytes.LastIndexByte(stat, ')')
	if j < 0 {
		return -1
	}
	fields := bytes.Fields(stat[j+1:])
	if len(fields) <= i {
		return -1
	}
	n, err := strconv.Atoi(string(fields[i]))
	if err != nil {
		return -1
	}
	return n
}
