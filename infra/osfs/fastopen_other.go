//go:build !linux

package osfs

import "io/fs"

// fastRoot has no fast path off Linux: os.Root does every open.
type fastRoot struct{}

func openFastRoot(string) fastRoot { return fastRoot{} }

func (fastRoot) openFast(string) fs.File { return nil }

func (fastRoot) readDir(string, func(string) (fs.FileInfo, error)) ([]fs.DirEntry, bool) {
	return nil, false
}
