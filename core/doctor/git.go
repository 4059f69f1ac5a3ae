package doctor

import (
	"fmt"
	"path"
	"strings"

	"github.com/espectacular/ah/core/config"
)

// Worktree is git's view of the repository, gathered by the command layer:
// nil in Input when the root is not inside a git work tree, and then the
// uncommitted-specs check is not reported at all.
type Worktree struct {
	// Prefix is the root's path below the top of the work tree ("" at
	// the top), slash-separated.
	Prefix string
	// Changes are the paths (from the top of the work tree) untracked or
	// modified relative to HEAD.
	Changes []string
	// Problem, when set, is why git could not list the changes.
	Problem string
}

// maxListed bounds how many uncommitted files a message names.
const maxListed = 5

// uncommittedCheck warns when specs or contracts differ from HEAD: CI checks
// out commits, so a contract that exists only in a working copy passes
// locally and is missing in CI.
func uncommittedCheck(cfg config.Config, w Worktree) Check {
	const name = "uncommitted-specs"
	if w.Problem != "" {
		return Check{Name: name, Status: Warn, Message: "cannot ask git for uncommitted files: " + w.Problem}
	}
	var dirs []string
	for _, d := range []string{cfg.Specs, config.Dir} {
		dirs = append(dirs, strings.TrimSuffix(path.Join(w.Prefix, d), "/")+"/")
	}
	var files []string
	for _, c := range w.Changes {
		for _, d := range dirs {
			if strings.HasPrefix(c, d) {
				rel := strings.TrimPrefix(c, w.Prefix)
				files = append(files, strings.TrimPrefix(rel, "/"))
				break
			}
		}
	}
	where := fmt.Sprintf("%s or %s", cfg.Specs, config.Dir)
	if len(files) == 0 {
		return Check{Name: name, Status: Pass, Message: "every file under " + where + " is committed"}
	}
	listed := files
	more := ""
	if len(files) > maxListed {
		listed, more = files[:maxListed], fmt.Sprintf(" and %d more", len(files)-maxListed)
	}
	verb := "are"
	if len(files) == 1 {
		verb = "is"
	}
	return Check{Name: name, Status: Warn, Message: fmt.Sprintf(
		"%s under %s %s untracked or modified relative to HEAD: %s%s; CI will not see them: commit them",
		plural(len(files), "file", "files"), where, verb, strings.Join(listed, ", "), more)}
}
