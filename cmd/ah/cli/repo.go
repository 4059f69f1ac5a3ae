package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/espectacular/ah/core/config"
)

// repo is an opened repository: its root, a filesystem rooted there, and
// its validated config.
type repo struct {
	Root   string
	FS     fs.FS
	Config config.Config
}

// findRoot walks upward from start to the nearest directory holding
// .espectacular/config.toml.
func findRoot(start string) (string, error) {
	dir, err := filepath.Abs(start)
	if err != nil {
		return "", err
	}
	for {
		if fi, err := os.Stat(filepath.Join(dir, filepath.FromSlash(config.Path))); err == nil && !fi.IsDir() {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", &ExitError{Code: ExitCannotRun, Message: fmt.Sprintf(
				"no %s in %s or any parent directory: run `ah init` to create one, or pass -C DIR", config.Path, start)}
		}
		dir = parent
	}
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
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(config.Path)))
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
	return &repo{Root: root, FS: os.DirFS(root), Config: cfg}, nil
}
