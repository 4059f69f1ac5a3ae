package spec

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/espectacular/ah/core/config"
)

// DirError is a specs directory that is missing or not a directory: every
// command reading the deployed specs (ah check, ah report, ah contract,
// ah scenario, ah archive) says it in these words. It is an error, not a
// warning: a gate over no specs would pass on nothing (a wrong [paths]
// specs, or CI started in the wrong directory).
type DirError struct {
	Path   string
	NotDir bool
}

func (e *DirError) Error() string {
	what := "does not exist"
	if e.NotDir {
		what = "is a file, not a directory"
	}
	return fmt.Sprintf("specs directory %s %s: set [paths] specs in %s to the directory holding <capability>/spec.md (default %q)",
		e.Path, what, config.Path, config.DefaultSpecs)
}

// DirErrorOf is err of discovering the specs under root as a *DirError
// when the directory is missing (or a symbolic link to nothing) or a
// file; any other error is returned as it is.
func DirErrorOf(root string, err error) error {
	switch {
	case errors.Is(err, ErrNoSpecsDir), errors.Is(err, fs.ErrNotExist):
		return &DirError{Path: root}
	case errors.Is(err, ErrSpecsNotDir):
		return &DirError{Path: root, NotDir: true}
	}
	return err
}
