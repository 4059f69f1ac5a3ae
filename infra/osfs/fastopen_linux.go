package osfs

import (
	"io"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"golang.org/x/sys/unix"
)

// noOpenat2 is set once openat2(2) proved unavailable (a kernel before
// 5.6, or a seccomp filter refusing it): every open then takes the
// portable path.
var noOpenat2 atomic.Bool

// fastRoot holds the repository root's O_PATH descriptor for openFast;
// the zero value has none. Like os.Root's, it stays open for the life of
// the process.
type fastRoot struct {
	fd int
	ok bool
}

func openFastRoot(root string) fastRoot {
	fd, err := unix.Open(root, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return fastRoot{}
	}
	return fastRoot{fd: fd, ok: true}
}

// openFast opens a regular file or directory below the root in a few
// system calls where os.Root walks each path component twice (stat, then
// open): openat2 with RESOLVE_BENEATH follows links only while they stay
// below the root, as os.Root does, and refuses absolute ones. The file is
// first opened as O_PATH and checked with fstat, so a named pipe or a
// device is never opened (no side effect, no block). It returns nil
// whenever it cannot decide, and the caller takes the portable path,
// which also words every refusal; the structural check reads every
// contract this way (issue 29: one read per contract).
func (r fastRoot) openFast(name string) fs.File {
	if !r.ok || noOpenat2.Load() || !fs.ValidPath(name) {
		return nil
	}
	how := unix.OpenHow{Flags: unix.O_PATH | unix.O_CLOEXEC, Resolve: unix.RESOLVE_BENEATH | unix.RESOLVE_NO_MAGICLINKS}
	pfd, err := unix.Openat2(r.fd, name, &how)
	if err != nil {
		if err == unix.ENOSYS || err == unix.EPERM {
			noOpenat2.Store(true)
		}
		return nil
	}
	defer unix.Close(pfd)
	var st unix.Stat_t
	if unix.Fstat(pfd, &st) != nil {
		return nil
	}
	if m := st.Mode & unix.S_IFMT; m != unix.S_IFREG && m != unix.S_IFDIR {
		return nil
	}
	// Reopen by the same resolution, O_NONBLOCK: should the file have been
	// replaced by a pipe meanwhile, a read fails rather than hangs.
	how.Flags = unix.O_RDONLY | unix.O_CLOEXEC | unix.O_NONBLOCK | unix.O_NOCTTY
	fd, err := unix.Openat2(r.fd, name, &how)
	if err != nil {
		return nil
	}
	if st.Mode&unix.S_IFMT == unix.S_IFDIR {
		return os.NewFile(uintptr(fd), name) // ReadDir and the rest
	}
	return &fdFile{fd: fd, name: name, st: st}
}

// readDir lists a directory below the root through an openFast
// descriptor: os.Root's ReadDir stats every entry, since its entries cannot
// load their FileInfo later, one system call an entry (issue 29: a corpus
// of 10,000 contracts made 10,000 of them). Here the types come from the
// directory listing itself, and the rare Info goes through lstat, the
// root's. ok is false when the fast path cannot decide; the caller then
// takes the portable path.
func (r fastRoot) readDir(name string, lstat func(string) (fs.FileInfo, error)) (entries []fs.DirEntry, ok bool) {
	f := r.openFast(name)
	if f == nil {
		return nil, false
	}
	defer f.Close()
	dir, isDir := f.(*os.File)
	if !isDir {
		return nil, false
	}
	list, err := dir.ReadDir(-1)
	if err != nil {
		return nil, false
	}
	entries = make([]fs.DirEntry, len(list))
	for i, e := range list {
		entries[i] = rootDirent{e, path.Join(name, e.Name()), lstat}
	}
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return entries, true
}

// rootDirent is an entry of readDir: its Info is the root's lstat, never
// one relative to the working directory as os's lazy Info would be.
type rootDirent struct {
	fs.DirEntry
	path  string
	lstat func(string) (fs.FileInfo, error)
}

func (e rootDirent) Info() (fs.FileInfo, error) { return e.lstat(e.path) }

// fdFile is a regular file read through its descriptor alone: os.NewFile
// would probe it for the network poller (two more system calls a file)
// and Stat would ask again what the O_PATH fstat just said. The size is
// only a hint for the reader, which never reads past its own limit.
type fdFile struct {
	fd   int
	name string
	st   unix.Stat_t
}

func (f *fdFile) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	for {
		n, err := unix.Read(f.fd, p)
		switch {
		case err == unix.EINTR:
			continue
		case err != nil:
			return 0, &fs.PathError{Op: "read", Path: f.name, Err: err}
		case n == 0:
			return 0, io.EOF
		}
		return n, nil
	}
}

func (f *fdFile) Close() error { return unix.Close(f.fd) }

func (f *fdFile) Stat() (fs.FileInfo, error) { return fdInfo{f}, nil }

// fdInfo is the fs.FileInfo of a regular fdFile.
type fdInfo struct{ f *fdFile }

func (i fdInfo) Name() string       { return path.Base(i.f.name) }
func (i fdInfo) Size() int64        { return i.f.st.Size }
func (i fdInfo) Mode() fs.FileMode  { return fs.FileMode(i.f.st.Mode & 0o777) }
func (i fdInfo) ModTime() time.Time { return time.Unix(i.f.st.Mtim.Unix()) }
func (i fdInfo) IsDir() bool        { return false }
func (i fdInfo) Sys() any           { return &i.f.st }
