//go:build !unix

package provision

import (
	"errors"
	"io/fs"
	"os"
	"time"
)

// lock holds path, created exclusively, until the returned function
// removes it. A lock left by a process that died is taken over after ten
// minutes, longer than any npm ci.
func lock(path string) (func(), error) {
	for {
		f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
		if err == nil {
			f.Close()
			return func() { os.Remove(path) }, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
		if fi, err := os.Stat(path); err == nil && time.Since(fi.ModTime()) > 10*time.Minute {
			os.Remove(path)
			continue
		}
		time.Sleep(200 * time.Millisecond)
	}
}
