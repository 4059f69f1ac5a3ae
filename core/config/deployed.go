package config

import (
	"errors"
	"io/fs"
	"sort"
	"strings"

	"github.com/espectacular/ah/core/repofs"
)

// reservedDirs are the top-level directories of Dir that hold no deployed
// contracts: change overlays and ah's own state.
var reservedDirs = map[string]bool{"changes": true, "state": true}

// DeployedContracts lists the deployed contract files under Dir, sorted:
// every .toml except the config, hidden names (an editor's lock file
// .#x.toml; a scenario id never starts with a dot) and the reserved
// directories. Links are followed inside the repository only
// (repofs.Walk); an entry the walk refuses that may be a contract is
// returned in refused instead. A repository without Dir has none. ah check,
// ah sync and ah doctor all read this list, so they agree on what a
// contract is.
func DeployedContracts(fsys fs.FS) (paths []string, refused []*repofs.Refused, err error) {
	err = repofs.Walk(fsys, Dir, func(e repofs.Entry) error {
		rel := strings.TrimPrefix(e.Path, Dir+"/")
		hidden := strings.HasPrefix(e.Name, ".")
		switch {
		case e.Refused != nil:
			if e.MayBe(".toml") {
				refused = append(refused, e.Refused)
			}
		case e.Dir:
			if hidden || !strings.Contains(rel, "/") && reservedDirs[rel] {
				return fs.SkipDir
			}
		case !hidden && e.Path != Path && strings.HasSuffix(e.Path, ".toml"):
			paths = append(paths, e.Path)
		}
		return nil
	})
	if errors.Is(err, fs.ErrNotExist) {
		if _, statErr := fs.Stat(fsys, Dir); errors.Is(statErr, fs.ErrNotExist) {
			err = nil
		}
	}
	sort.Strings(paths)
	return paths, refused, err
}
