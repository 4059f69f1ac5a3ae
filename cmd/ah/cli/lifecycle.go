package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path"

	"github.com/espectacular/ah/cmd/ah/cli/output"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/lifecycle"
	"github.com/espectacular/ah/core/spec"
	"github.com/espectacular/ah/ports"
)

// opsFunc computes a lifecycle command's writes; deployed is nil for a
// command run without the deployed specs.
type opsFunc func(r *repo, deployed []spec.File) ([]lifecycle.Op, error)

// runOps is the prologue every lifecycle command shares: open the
// repository, discover the deployed specs (withSpecs), compute the ops, map
// their refusals to exit codes (refusalError, naming "ah <cmd>"), and
// apply them atomically. It returns the ops applied and the envelope data
// listing what they wrote and removed.
func runOps(ctx context.Context, g *Globals, d *Deps, cmd string, withSpecs bool, compute opsFunc) ([]lifecycle.Op, output.FilesData, error) {
	r, err := openRepo(g, d)
	if err != nil {
		return nil, output.FilesData{}, err
	}
	d.sweep(ctx, r.Root)
	var deployed []spec.File
	if withSpecs {
		if deployed, err = deployedSpecs(r); err != nil {
			return nil, output.FilesData{}, err
		}
	}
	ops, err := compute(r, deployed)
	if err != nil {
		return nil, output.FilesData{}, refusalError(cmd, err)
	}
	ops, skipped, err := applyOps(ctx, d, r, ops)
	if err != nil {
		return nil, output.FilesData{}, err
	}
	written, removed := lifecycle.Paths(ops)
	return ops, output.FilesData{Written: written, Removed: removed, Skipped: skipped}, nil
}

// applyOps applies ops atomically (see lifecycle.Apply) and returns
// the ops done: a file to create that appeared meanwhile is skipped, left
// as it is, and listed (reportFiles then exits 1).
func applyOps(ctx context.Context, d *Deps, r *repo, ops []lifecycle.Op) ([]lifecycle.Op, []string, error) {
	w := d.NewWriter(r.Root)
	rm, ok := w.(ports.Remover)
	if !ok {
		rm = noRemover{}
	}
	err := lifecycle.Apply(ctx, r.FS, w, rm, ops)
	if se, ok := errors.AsType[*lifecycle.SkippedError](err); ok {
		return lifecycle.Without(ops, se.Paths), se.Paths, nil
	}
	return ops, nil, err
}

// sweep removes the temporary files that writers killed before their
// rename left anywhere under .espectacular of the repository at root
// (ports.Sweeper), before a command that writes there computes its ops: a run that
// then writes nothing (a refusal, nothing missing, everything fresh)
// still cleans up after the one that was killed (issue 26).
func (d *Deps) sweep(ctx context.Context, root string) {
	if s, ok := d.NewWriter(root).(ports.Sweeper); ok {
		_ = s.Sweep(ctx, config.Dir)
	}
}

// noRemover stands in for a writer that cannot delete: ops needing a
// removal then fails before anything is lost, and is rolled back.
type noRemover struct{}

func (noRemover) Remove(_ context.Context, name string) error {
	return fmt.Errorf("remove %s: this writer cannot delete files", name)
}

// deployedSpecs discovers the deployed specs of r.
func deployedSpecs(r *repo) ([]spec.File, error) {
	files, err := spec.DiscoverLimit(r.FS, r.Config.Specs, r.Config.SpecBytes())
	if err != nil {
		return nil, spec.DirErrorIn(r.FS, r.Config.Specs, err)
	}
	if r.Config.QualifyCollidingIDs {
		files = spec.Qualify(files)
	}
	return files, nil
}

// refusalError names the command behind the refusals of its ops; exitCode
// classifies them: naming something that does not exist is a usage error
// (2), refusing to overwrite or to archive a failed gate (1) that names
// each file.
func refusalError(cmd string, err error) error {
	_, unknown := errors.AsType[*lifecycle.UnknownError](err)
	_, exists := errors.AsType[*lifecycle.ExistsError](err)
	_, refused := errors.AsType[*lifecycle.RefusedError](err)
	_, input := errors.AsType[*lifecycle.InputError](err)
	if unknown || exists || refused || input {
		return fmt.Errorf("ah %s: %w", cmd, err)
	}
	return err
}

// reportFiles prints what a lifecycle command wrote: one line per file,
// with verb ("created", "moved", ...), or the envelope of kind.
func reportFiles(d *Deps, g *Globals, kind output.Kind[output.FilesData], data output.FilesData, lines []string) error {
	if data.Notes == nil {
		data.Notes = []string{}
	}
	for _, p := range data.Skipped {
		lines = append(lines, "skipped: "+p+" (it appeared while ah ran and is left as it is; run the command again to see what is missing)")
	}
	data.Lines = lines
	ok := len(data.Skipped) == 0
	var err error
	if g.asJSON() {
		err = kind.JSON(d.Streams.Out, jsonOpts(), ok).Print(data)
	} else {
		err = output.NewFilesText(d.Streams.Out).Print(data)
	}
	if err == nil && !ok {
		return errGateFailed
	}
	return err
}

// isCapability reports whether a name is a capability directory: deployed,
// or (with change set) in that change's delta. It tells CAPABILITY from
// CAPABILITY/ID in the scenario arguments (lifecycle.ScenarioArgs).
func (r *repo) isCapability(change string) func(string) bool {
	return func(name string) bool {
		if !fs.ValidPath(name) {
			return false
		}
		dirs := []string{path.Join(r.Config.Specs, name)}
		if change != "" {
			dirs = append(dirs, path.Dir(lifecycle.DeltaPath(r.Config.Changes, change, name)))
		}
		for _, d := range dirs {
			if fi, err := fs.Stat(r.FS, d); err == nil && fi.IsDir() {
				return true
			}
		}
		return false
	}
}
