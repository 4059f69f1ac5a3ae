package execproc

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"sync"
	"time"

	"github.com/espectacular/ah/ports"
)

// DefaultGrace is the grace period used when Process.Grace is zero. x/tools
// gocommand found 1 s fragile on loaded machines; 2 s keeps Ctrl-C snappy.
const DefaultGrace = 2 * time.Second

// Process implements ports.Process with os/exec. The zero value is ready to
// use and safe for concurrent use.
type Process struct {
	// Grace is how long a child may take to exit after SIGINT before its
	// group is killed, and how long its pipes are drained after it exits
	// before they are abandoned (Result.IOIncomplete). Zero means
	// DefaultGrace.
	Grace time.Duration
}

var _ ports.Process = (*Process)(nil)

// errEmptyArgv is returned for a Command without a program.
var errEmptyArgv = errors.New("start: empty argv, no program to run")

// Run starts cmd and waits for it, its timeout or ctx, whichever comes
// first. It returns an error only when nothing could be started; a ctx
// already done starts nothing and reports Canceled.
func (r *Process) Run(ctx context.Context, cmd ports.Command) (ports.Result, error) {
	res := ports.Result{ExitCode: -1}
	if len(cmd.Argv) == 0 {
		return res, errEmptyArgv
	}
	if ctx.Err() != nil {
		res.Canceled = true
		return res, nil
	}
	protectOutput()
	adoptOrphans()
	startWatchdog()
	if !acquire(ctx) {
		res.Canceled = true
		return res, nil
	}
	defer release()
	began := time.Now() // waiting for a slot is not the test's time
	ch, err := startRetrying(ctx, func() (*child, error) { return start(cmd) })
	if err != nil {
		return res, err
	}
	if ch == nil {
		res.Canceled = true
		return res, nil
	}
	pid := ch.cmd.Process.Pid // tracked as live by start
	guard(pid)
	defer func() {
		unguard(pid) // collect has killed the group
		if untrack(pid) == 0 {
			// Nothing runs: whatever escaped a test's group now has no
			// test left that could be using it.
			killOrphans(true)
		}
	}()
	res.TimedOut, res.Canceled = ch.wait(ctx, cmd.Timeout, r.grace())
	ch.collect(&res, r.grace())
	res.Duration = time.Since(began)
	return res, nil
}

// Close stops what the runs left behind: processes that escaped their
// test's process group (setsid, double-forked daemons) and were re-parented
// to ah (Linux). Call it once no Run is in progress any more.
func (r *Process) Close() error {
	killOrphans(false)
	return nil
}

func (r *Process) grace() time.Duration {
	if r.Grace <= 0 {
		return DefaultGrace
	}
	return r.Grace
}

// child is one started process with its output drains.
type child struct {
	cmd            *exec.Cmd
	stdout, stderr *drain
	exited         chan struct{} // closed once cmd.Wait has returned
}

// start launches the command with its own pipes rather than letting os/exec
// copy them: Wait then returns as soon as the child exits, so the rest of
// its group can be killed before waiting on the pipes, and an abandoned pipe
// is detected whatever the exit status (exec.ErrWaitDelay is reported only
// for a successful exit).
func start(c ports.Command) (*child, error) {
	cmd := exec.Command(c.Argv[0], c.Argv[1:]...)
	cmd.Dir = c.Dir
	if c.Env != nil {
		cmd.Env = append(os.Environ(), c.Env...)
	}
	setGroup(cmd)

	if null, err := devNull(); err == nil {
		cmd.Stdin = null
	}

	outR, outW, err := outputPipe()
	if err != nil {
		return nil, pipeError(c, err)
	}
	errR, errW, err := outputPipe()
	if err != nil {
		closeAll(outR, outW)
		return nil, pipeError(c, err)
	}
	cmd.Stdout, cmd.Stderr = outW, errW
	err = startTracked(cmd)
	// The parent's write ends must be closed, or the drains never see EOF.
	closeAll(outW, errW)
	if err != nil {
		closeAll(outR, errR)
		return nil, startError(c, cmd.Path, err)
	}

	n := c.TailBytes
	if n <= 0 {
		n = ports.DefaultTailBytes
	}
	ch := &child{cmd: cmd, stdout: startDrain(outR, n, c.Stdout), stderr: startDrain(errR, n, c.Stderr), exited: make(chan struct{})}
	go func() {
		_ = cmd.Wait() // the outcome is read from cmd.ProcessState
		close(ch.exited)
	}()
	return ch, nil
}

// wait blocks until the child exits, stopping it first if the timeout
// expires or ctx is done.
func (ch *child) wait(ctx context.Context, timeout, grace time.Duration) (timedOut, canceled bool) {
	var deadline <-chan time.Time
	if timeout > 0 {
		t := time.NewTimer(timeout)
		defer t.Stop()
		deadline = t.C
	}
	select {
	case <-ch.exited:
		return false, false
	case <-deadline:
		timedOut = true
	case <-ctx.Done():
		canceled = true
	}
	ch.stop(grace)
	return timedOut, canceled
}

// stop interrupts the whole group, so test runners can clean up, and kills
// it if the child has not exited after the grace period.
func (ch *child) stop(grace time.Duration) {
	interrupt(ch.cmd.Process)
	t := time.NewTimer(grace)
	defer t.Stop()
	select {
	case <-ch.exited:
		return
	case <-t.C:
	}
	kill(ch.cmd.Process)
	<-ch.exited
}

// collect fills res once the child has exited.
func (ch *child) collect(res *ports.Result, grace time.Duration) {
	// The child is gone; take any grandchild with it, which also releases
	// pipes a grandchild inherited.
	killGroup(ch.cmd.Process)
	// https://go.dev/issue/23019: a descendant that left the group may still
	// hold a pipe; give up on it after the grace period.
	res.IOIncomplete = !awaitDrains(grace, ch.stdout, ch.stderr)
	ch.stdout.close()
	ch.stderr.close()
	res.Stdout, res.StdoutBytes = ch.stdout.snapshot()
	res.Stderr, res.StderrBytes = ch.stderr.snapshot()

	if ps := ch.cmd.ProcessState; ps != nil {
		res.ExitCode = ps.ExitCode()
		res.Signaled = signaled(ps)
	}
}

// devNull is every child's stdin, opened once: with a nil Stdin, os/exec
// opens /dev/null again for each child. When it cannot be opened, os/exec
// tries itself and reports the failure.
var devNull = sync.OnceValues(func() (*os.File, error) { return os.Open(os.DevNull) })

// drain copies one pipe into a tail buffer, and to sink when set, while the
// child runs.
type drain struct {
	r    *os.File
	done chan struct{}
	mu   sync.Mutex // guards tail and sink: an abandoned drain may still be writing
	tail *tail
	sink io.Writer
}

func startDrain(r *os.File, n int, sink io.Writer) *drain {
	d := &drain{r: r, done: make(chan struct{}), tail: newTail(n), sink: sink}
	go func() {
		defer close(d.done)
		bp := readBufs.Get().(*[]byte)
		defer readBufs.Put(bp)
		buf := *bp
		for {
			k, err := r.Read(buf)
			if k > 0 {
				d.mu.Lock()
				_, _ = d.tail.Write(buf[:k])
				if d.sink != nil {
					_, _ = d.sink.Write(buf[:k])
				}
				d.mu.Unlock()
			}
			if err != nil {
				return
			}
		}
	}()
	return d
}

// readBufs recycles drain buffers: a run of many short tests would
// otherwise allocate 64 KiB per test.
var readBufs = sync.Pool{New: func() any { b := make([]byte, 32<<10); return &b }}

// close releases the read end; on pollable pipes this also ends a Read
// still blocked on an abandoned pipe.
func (d *drain) close() {
	_ = d.r.Close()
}

// snapshot returns the tail and the byte count; from then on nothing more is
// written to the sink, which the caller may now read.
func (d *drain) snapshot() ([]byte, int64) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.sink = nil
	return d.tail.Bytes(), d.tail.Total()
}

// awaitDrains reports whether every drain reached EOF within d.
func awaitDrains(d time.Duration, drains ...*drain) bool {
	if allDone(drains) {
		return true // the common case: no timer needed
	}
	t := time.NewTimer(d)
	defer t.Stop()
	for _, dr := range drains {
		select {
		case <-dr.done:
		case <-t.C:
			return false
		}
	}
	return true
}

func allDone(drains []*drain) bool {
	for _, dr := range drains {
		select {
		case <-dr.done:
		default:
			return false
		}
	}
	return true
}

func closeAll(files ...*os.File) {
	for _, f := range files {
		_ = f.Close()
	}
}
