package ports

import (
	"context"
	"io/fs"
)

// Writer writes files inside the repository. Implementations must write
// atomically (temporary file in the same directory, then rename) so that an
// interrupted write never loses what the user wrote.
type Writer interface {
	WriteFile(ctx context.Context, name string, data []byte, perm fs.FileMode) error
	// Update rewrites the existing file name with edit's result, keeping
	// its permissions, while holding a lock that serialises every Update of
	// the directory, so two concurrent edits cannot lose one another. A
	// symbolic link is followed, not replaced. edit returning nil data
	// leaves the file alone; its error is returned unwrapped.
	Update(ctx context.Context, name string, edit func(old []byte) ([]byte, error)) error
}

// ConfinedFS is a file system for reading that itself refuses every path
// leaving its root through a symbolic link, absolute or climbing out, as
// os.Root does. Core then opens a path directly and resolves its links
// only to explain a refusal (core/repofs), saving a walk of lstat calls
// per file read.
type ConfinedFS interface {
	fs.FS
	// Confined marks the guarantee; it does nothing.
	Confined()
}
