package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/repofs"
)

// repo is a located repository: its root, a filesystem rooted there, and
// its config. Config is nil when Problem says why there is none.
type repo struct {
	Root    string
	FS      fs.FS
	Config  *config.Config
	Problem error
}

// errNoConfig is the cause of the problem when no directory holds a config.
var errNoConfig = errors.New("no config")

// locate is the one root discovery of every command: from -C or the working
// directory, up to the nearest directory holding .espectacular/config.toml,
// whose config it then reads. Only a bad -C or an unknown working directory
// is an error; a missing, unreadable or invalid config is the repo's
// Problem (an exit-2 error for check, a failed check for doctor). Without
// any config the root is the start directory.
func locate(g *Globals, d *Deps) (*repo, error) {
	start := g.Chdir
	if start == "" {
		wd, err := d.Getwd()
		if err != nil {
			return nil, fmt.Errorf("get working directory: %w", err)
		}
		start = wd
	} else if fi, err := os.Stat(start); err != nil || !fi.IsDir() {
		return nil, usageError("-C %s: not a directory", start)
	}
	abs, err := filepath.Abs(start)
	if err != nil {
		return nil, fmt.Errorf("-C %s: %w", start, err)
	}
	root, problem := findRoot(abs, start)
	r := &repo{Root: root, FS: d.OpenFS(root), Problem: problem}
	if problem != nil {
		return r, nil
	}
	// Links leaving the repository and configs over 1 MiB are refused
	// (issue 9), as for specs and contracts.
	data, err := repofs.ReadFile(r.FS, config.Path, repofs.ConfigLimit)
	if err != nil {
		r.Problem = &RunError{Message: fmt.Sprintf("read %s: %v", config.Path, err)}
		return r, nil
	}
	cfg, err := config.Parse(data)
	if err != nil {
		var ce *config.Error
		if errors.As(err, &ce) {
			err = &RunError{Message: ce.Error()}
		}
		r.Problem = err
		return r, nil
	}
	r.Config = &cfg
	return r, nil
}

// openRepo locates the repository for a command that needs its config:
// every problem is an exit-2 error naming the file.
func openRepo(g *Globals, d *Deps) (*repo, error) {
	r, err := locate(g, d)
	if err != nil {
		return nil, err
	}
	if r.Problem != nil {
		return nil, r.Problem
	}
	return r, nil
}

// findRoot walks upward from dir (absolute; start is how the user named
// it) to the nearest directory holding the config. Without a usable one it
// returns dir and the problem (errNoConfig when there is none at all).
func findRoot(dir, start string) (string, error) {
	for d := dir; ; {
		found, err := rootAt(d)
		switch {
		case found:
			return d, nil
		case err != nil:
			return dir, err
		}
		parent := filepath.Dir(d)
		if parent == d {
			return dir, &RunError{Cause: errNoConfig, Message: fmt.Sprintf(
				"no %s in %s or any parent directory: create one with `ah init` (`ah explain config` says what it holds), or pass -C DIR", config.Path, start)}
		}
		d = parent
	}
}

// rootAt reports whether dir holds the config. A config that is present
// but unusable (a directory, a link to a missing file) is an error, not an
// absence: walking on upward would silently check an enclosing repository.
func rootAt(dir string) (bool, error) {
	if di, err := os.Stat(filepath.Join(dir, config.Dir)); err != nil || !di.IsDir() {
		return false, nil
	}
	p := filepath.Join(dir, filepath.FromSlash(config.Path))
	fi, err := os.Stat(p)
	switch {
	case err == nil && !fi.IsDir():
		return true, nil
	case err == nil:
		return false, &RunError{Message: fmt.Sprintf("%s is a directory, not a config file", p)}
	case !errors.Is(err, fs.ErrNotExist):
		return false, &RunError{Message: fmt.Sprintf("read %s: %v", p, err)}
	}
	if _, err := os.Lstat(p); err == nil {
		return false, &RunError{Message: fmt.Sprintf("%s is a symbolic link to a missing file", p)}
	}
	return false, nil
}
