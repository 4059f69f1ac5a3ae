package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/infra/osfs"
)

// repo is an opened repository: its root, a filesystem rooted there, and
// its validated config.
type repo struct {
	Root   string
	FS     fs.FS
	Config config.Config
}

// errNoConfig is the cause of findRoot's error when no directory holds a
// config at all.
var errNoConfig = errors.New("no config")

// findRoot walks upward from start to the nearest directory holding
// .espectacular/config.toml.
func findRoot(start string) (string, error) {
	dir, err := filepath.Abs(start)
	if err != nil {
		return "", err
	}
	for {
		if found, err := rootAt(dir); found || err != nil {
			return dir, err
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", &ExitError{Code: ExitCannotRun, Cause: errNoConfig, Message: fmt.Sprintf(
				"no .espectacular/config.toml in %s or any parent directory: create one (see the README section Configuration), or pass -C DIR", start)}
		}
		dir = parent
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
		return false, &ExitError{Code: ExitCannotRun, Message: fmt.Sprintf("%s is a directory, not a config file", p)}
	case !errors.Is(err, fs.ErrNotExist):
		return false, &ExitError{Code: ExitCannotRun, Message: fmt.Sprintf("read %s: %v", p, err)}
	}
	if _, err := os.Lstat(p); err == nil {
		return false, &ExitError{Code: ExitCannotRun, Message: fmt.Sprintf("%s is a symbolic link to a missing file", p)}
	}
	return false, nil
}

// openRepo locates the repository root from -C or the working directory and
// loads its config. Every failure is an exit-2 error naming the file.
func openRepo(g *Globals, d *Deps) (*repo, error) {
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
	root, err := findRoot(start)
	if err != nil {
		return nil, err
	}
	fsys := osfs.DirFS(root)
	data, err := fs.ReadFile(fsys, config.Path)
	if err != nil {
		return nil, &ExitError{Code: ExitCannotRun, Message: fmt.Sprintf("read %s: %v", config.Path, err)}
	}
	cfg, err := config.Parse(data)
	if err != nil {
		var ce *config.Error
		if errors.As(err, &ce) {
			return nil, &ExitError{Code: ExitCannotRun, Message: ce.Error()}
		}
		return nil, err
	}
	return &repo{Root: root, FS: fsys, Config: cfg}, nil
}
