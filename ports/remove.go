package ports

import "context"

// Remover deletes files and empty directories inside the repository, for
// the commands that move files (ah archive). A missing name is not an
// error; a directory that is not empty is.
type Remover interface {
	Remove(ctx context.Context, name string) error
}
