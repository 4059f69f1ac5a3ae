//go:build !linux

package osfs

import "os"

// fastRoot has no fast path off Linux: os.Root does every open.
type fastRoot struct{}

func openFastRoot(string) fastRoot { return fastRoot{} }

func (fastRoot) openFast(string) *os.File { return nil }
