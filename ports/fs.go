package ports

import (
	"context"
	"io/fs"
)

// Writer writes files inside the repository. Implementations must write
// atomically (temporary file in the same directory, then rename) so that an
// interrupted write never loses what the user wrote.
type Writer interface {
	// WriteFile replaces name whole; perm applies to a new file, a
	// replaced one keeps its mode. A symbolic link is followed, not
	// replaced; a name that is not a regular file is refused.
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

// Creator is a Writer that can create a file only if it is absent, in
// one step: a file that appeared since the caller looked (a person saving
// a contract while ah runs) is never replaced. CreateFile's error matches
// fs.ErrExist when name exists (whatever it is, a dangling link too).
type Creator interface {
	CreateFile(ctx context.Context, name string, data []byte, perm fs.FileMode) error
}
