//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package osfs

import (
	"context"
	"errors"
	"os"
	"syscall"
	"time"
)

// lockPoll is how often a held lock is retried; holders keep it for one
// read-edit-write of a small file.
const lockPoll = 10 * time.Millisecond

// lockDir takes an exclusive flock(2) on the directory dir of root and
// returns its release. A directory is locked rather than the file because
// the file is replaced by rename: a lock on the old inode would not exclude
// a process that opened the new one. The lock needs no file of its own and
// dies with the process, so a crash leaves nothing stale behind.
func lockDir(ctx context.Context, root *os.Root, dir string) (unlock func(), err error) {
	f, err := root.Open(dir)
	if err != nil {
		return nil, err
	}
	fd := int(f.Fd())
	for {
		err := syscall.Flock(fd, syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return func() {
				_ = syscall.Flock(fd, syscall.LOCK_UN)
				_ = f.Close()
			}, nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) && !errors.Is(err, syscall.EINTR) {
			_ = f.Close()
			return nil, err
		}
		select {
		case <-ctx.Done():
			_ = f.Close()
			return nil, ctx.Err()
		case <-time.After(lockPoll):
		}
	}
}
