package overlay

import (
	"fmt"
	"slices"
	"strings"
)

// BadIDError is a change id that cannot name a change directory: it would
// reach outside <paths.changes> or into a hidden directory.
type BadIDError struct{ ID string }

func (e *BadIDError) Error() string {
	if e.ID == ArchiveDir {
		return fmt.Sprintf("change id %q names the directory of archived changes, not a change: give the id of an active change (a directory under [paths] changes)", e.ID)
	}
	return fmt.Sprintf("change id %q is not a change directory name: give the name of a directory under [paths] changes, without '/', '..' or a leading '.'", e.ID)
}

// UnknownChangeError is a change id whose directory does not exist.
type UnknownChangeError struct {
	ID string
	// Path is the directory looked for.
	Path string
	// Known are the change directories that do exist, sorted.
	Known []string
}

func (e *UnknownChangeError) Error() string {
	msg := fmt.Sprintf("change %q does not exist: there is no directory %s", e.ID, e.Path)
	if len(e.Known) > 0 {
		return msg + "; changes: " + strings.Join(e.Known, ", ")
	}
	return msg + "; set [paths] changes in .espectacular/config.toml if the changes live elsewhere"
}

// ArchiveDir is the directory under [paths] changes holding archived
// changes (OpenSpec's changes/archive): never a change id (issue 28).
const ArchiveDir = "archive"

// ValidID reports whether id can name a change directory.
func ValidID(id string) error {
	if id == "" || id == ArchiveDir || strings.ContainsAny(id, `/\`) || strings.Contains(id, "..") || strings.HasPrefix(id, ".") {
		return &BadIDError{ID: id}
	}
	return nil
}

// Normalize sorts and de-duplicates change ids: the overlay never depends
// on the order they were given in.
func Normalize(ids []string) []string {
	out := slices.Clone(ids)
	slices.Sort(out)
	return slices.Compact(out)
}
