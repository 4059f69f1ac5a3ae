package cli

import (
	"context"
	"errors"
	"os"
	"path/filepath"

	"github.com/espectacular/ah/cmd/ah/cli/output"
	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/lifecycle"
)

// InitCmd is `ah init`.
type InitCmd struct {
	Scope []string `name:"scope" placeholder:"CAP" help:"adopt these capabilities first: the config gets [scope] include = CAP..., only their scenarios get stub contracts, the rest count as out of scope (repeat or comma-separate)"`
}

// Run sets ah up in the repository: config, stub contracts, hook. It runs
// in the -C directory (or the working directory), not in an enclosing
// repository's root: that is the one being initialised.
func (c *InitCmd) Run(ctx context.Context, g *Globals, d *Deps) error {
	root, err := initRoot(g, d)
	if err != nil {
		return err
	}
	r := &repo{Root: root, FS: d.OpenFS(root)}
	d.sweep(ctx, root)
	facts := adapter.Scan(r.FS, d.Drivers)
	facts = adapter.Probe(ctx, r.FS, d.Process, root, facts, lifecycle.Shown(facts)...)
	if err := ctx.Err(); err != nil {
		return err
	}
	res, err := lifecycle.Init(r.FS, lifecycle.InitRequest{Version: Version, Facts: facts, Scope: c.Scope})
	var ce *config.Error
	switch {
	case errors.Is(err, lifecycle.ErrNoOpenSpec):
		return &RunError{Message: "ah init: " + err.Error(), Cause: err}
	case errors.As(err, &ce):
		return &RunError{Message: ce.Error()}
	case err != nil:
		return refusalError("init", err)
	}
	ops, skipped, err := applyOps(ctx, d, r, res.Ops)
	if err != nil {
		return err
	}
	written, removed := lifecycle.Paths(ops)
	h := res.Hook
	data := output.FilesData{Written: written, Removed: removed, Skipped: skipped, Notes: res.Notes,
		Hook: &output.HookData{Framework: h.Framework, Path: h.Path, Status: h.Status, Message: h.Message}}
	var lines []string
	for _, p := range written {
		lines = append(lines, "created: "+p)
		if p == h.Path {
			lines[len(lines)-1] = "updated: " + p
		}
	}
	lines = append(lines, "hook: "+h.Message)
	if len(res.Ops) == 0 && len(res.Notes) == 0 { // else the notes say what is left
		data.Notes = append(data.Notes, "nothing to do: ah init has set up this repository already")
	}
	return reportFiles(d, g, output.InitKind, data, lines)
}

// initRoot is the directory ah init sets up: -C DIR, else the working
// directory.
func initRoot(g *Globals, d *Deps) (string, error) {
	start := g.Chdir
	if start == "" {
		wd, err := d.Getwd()
		if err != nil {
			return "", err
		}
		start = wd
	} else if fi, err := os.Stat(start); err != nil || !fi.IsDir() {
		return "", usageError("-C %s: not a directory", start)
	}
	return filepath.Abs(start)
}
