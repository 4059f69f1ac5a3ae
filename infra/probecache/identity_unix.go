//go:build unix

package probecache

import (
	"fmt"
	"io/fs"
	"syscall"
)

// statIdentity is device, inode, mode, size, modification and change
// times: a reinstall that keeps the size and the mtime still changes the
// inode or the ctime.
func statIdentity(fi fs.FileInfo) string {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return fmt.Sprintf("%v %d %d", fi.Mode(), fi.Size(), fi.ModTime().UnixNano())
	}
	return fmt.Sprintf("%d %d %v %d %d.%d %d.%d", st.Dev, st.Ino, fi.Mode(), st.Size,
		st.Mtim.Sec, st.Mtim.Nsec, st.Ctim.Sec, st.Ctim.Nsec)
}
