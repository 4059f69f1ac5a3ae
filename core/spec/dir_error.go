package spec

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/espectacular/ah/core/repofs"

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
	// Store and StoreConfig are set when the OpenSpec config next to the
	// specs directory declares a store (OpenSpec 1.13): the specs live
	// outside the repository (issue 28).
	Store, StoreConfig string
}

func (e *DirError) Error() string {
	what := "does not exist"
	if e.NotDir {
		what = "is a file, not a directory"
	}
	if e.Store != "" {
		return fmt.Sprintf("specs directory %s %s: %s declares the OpenSpec store %q, so this repository's specs live in that store, outside this repository, where ah does not read them: run ah in the store's checkout, or set [paths] specs in %s to a directory inside the repository holding <capability>/spec.md",
			e.Path, what, e.StoreConfig, e.Store, config.Path)
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

// DirErrorIn is DirErrorOf naming the OpenSpec store the config next to
// root declares, if any (StoreOf).
func DirErrorIn(fsys fs.FS, root string, err error) error {
	err = DirErrorOf(root, err)
	if de, ok := errors.AsType[*DirError](err); ok {
		de.Store, de.StoreConfig = StoreOf(fsys, root)
	}
	return err
}

// StoreOf reads the `store:` key of the OpenSpec config.yaml beside the
// specs root (openspec/config.yaml for openspec/specs): OpenSpec 1.13
// keeps the specs of such a repository in a registered store elsewhere.
// It returns "" when there is no such file or key. A top-level key only:
// this is no YAML parser, and needs none for one scalar.
func StoreOf(fsys fs.FS, root string) (store, file string) {
	file = path.Join(path.Dir(root), "config.yaml")
	data, err := repofs.ReadFile(fsys, file, repofs.ConfigLimit)
	if err != nil {
		return "", ""
	}
	for line := range strings.Lines(string(data)) {
		v, ok := strings.CutPrefix(line, "store:")
		if !ok {
			continue
		}
		v, _, _ = strings.Cut(v, " #")
		v = strings.Trim(strings.TrimSpace(v), `"'`)
		if v != "" {
			return v, file
		}
	}
	return "", ""
}
