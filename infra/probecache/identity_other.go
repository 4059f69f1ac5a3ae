//go:build !unix

package probecache

import (
	"fmt"
	"io/fs"
)

// statIdentity is mode, size and modification time where no inode is
// known.
func statIdentity(fi fs.FileInfo) string {
	return fmt.Sprintf("%v %d %d", fi.Mode(), fi.Size(), fi.ModTime().UnixNano())
}
