package osfs

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path"
	"strconv"
	"strings"

	"github.com/espectacular/ah/ports"
)

// tempMarker sits between the name of the file being replaced and the
// writer's pid in a temporary file's name: ".config.toml.ah-tmp-PID-RAND".
const tempMarker = ".ah-tmp-"

// tempName is the name of a temporary file for base, owned by this
// process: the pid lets a later writer tell a dead writer's leftover from
// a live writer's file.
func tempName(dir, base string, n uint32) string {
	return dir + "." + base + tempMarker + strconv.Itoa(os.Getpid()) + "-" + strconv.FormatUint(uint64(n), 10)
}

// removeStaleTemps deletes, in dir of root, the temporary files of
// writers that died before renaming them (kill -9 during `ah doctor
// --enable`). Call it only while holding dir's lock: every Update holds
// it for the whole life of its temporary file, so no live Update can own
// one; the writer's pid being gone is checked as well, for writers that
// did not lock. Files from another pid namespace sharing the directory
// look dead here, hence the lock. Failures are ignored: litter is not
// worth failing a write for.
func removeStaleTemps(root *os.Root, dir string) {
	f, err := root.Open(dir)
	if err != nil {
		return
	}
	names, err := f.Readdirnames(-1)
	_ = f.Close()
	if err != nil {
		return
	}
	for _, name := range names {
		pid, ok := tempOwner(name)
		if !ok || pid == os.Getpid() || processExists(pid) {
			continue
		}
		if fi, err := root.Lstat(path.Join(dir, name)); err == nil && fi.Mode().IsRegular() {
			_ = root.Remove(path.Join(dir, name))
		}
	}
}

// tempOwner returns the pid in a temporary file's name.
func tempOwner(name string) (int, bool) {
	i := strings.LastIndex(name, tempMarker)
	if !strings.HasPrefix(name, ".") || i <= 1 {
		return 0, false
	}
	pid, rnd, ok := strings.Cut(name[i+len(tempMarker):], "-")
	if !ok {
		return 0, false // an older ah's name, without the pid: left alone
	}
	if _, err := strconv.ParseUint(rnd, 10, 32); err != nil {
		return 0, false
	}
	n, err := strconv.Atoi(pid)
	if err != nil || n <= 0 {
		return 0, false
	}
	return n, true
}

var _ ports.Sweeper = (*Writer)(nil)

// Sweep removes the temporary files of dead writers in root/dir and every
// directory below it (ports.Sweeper), each while holding that directory's
// lock, one directory at a time; links are not followed. A missing dir,
// or one that cannot be read or locked, is skipped.
func (w *Writer) Sweep(ctx context.Context, dir string) error {
	if !fs.ValidPath(dir) {
		return fmt.Errorf("sweep %q: %w", dir, ErrInvalidName)
	}
	root, err := os.OpenRoot(w.root)
	if err != nil {
		return nil
	}
	defer root.Close()
	return fs.WalkDir(root.FS(), dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return nil // unreadable: left as it is
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		unlock, err := lockDir(ctx, root, p)
		if err != nil {
			return ctx.Err()
		}
		removeStaleTemps(root, p)
		unlock()
		return nil
	})
}
