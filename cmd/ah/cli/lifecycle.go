package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"

	"github.com/espectacular/ah/cmd/ah/cli/output"
	"github.com/espectacular/ah/core/lifecycle"
	"github.com/espectacular/ah/core/spec"
	"github.com/espectacular/ah/ports"
)

// planFunc plans a lifecycle command's writes; deployed is nil for a
// command run without the deployed specs.
type planFunc func(r *repo, deployed []spec.File) ([]lifecycle.Op, error)

// runPlan is the prologue every lifecycle command shares: open the
// repository, discover the deployed specs (withSpecs), plan, map the
// plan's refusals to exit codes (planError, naming "ah <cmd>"), and carry
// the plan out atomically. It returns the ops applied and the envelope data
// listing what they wrote and removed.
func runPlan(ctx context.Context, g *Globals, d *Deps, cmd string, withSpecs bool, plan planFunc) ([]lifecycle.Op, output.FilesData, error) {
	r, err := openRepo(g, d)
	if err != nil {
		return nil, output.FilesData{}, err
	}
	var deployed []spec.File
	if withSpecs {
		if deployed, err = deployedSpecs(r); err != nil {
			return nil, output.FilesData{}, err
		}
	}
	ops, err := plan(r, deployed)
	if err != nil {
		return nil, output.FilesData{}, planError(cmd, err)
	}
	if err := applyOps(ctx, d, r, ops); err != nil {
		return nil, output.FilesData{}, err
	}
	written, removed := lifecycle.Paths(ops)
	return ops, output.FilesData{Written: written, Removed: removed}, nil
}

// applyOps carries a plan out atomically (see lifecycle.Apply).
func applyOps(ctx context.Context, d *Deps, r *repo, ops []lifecycle.Op) error {
	w := d.NewWriter(r.Root)
	rm, ok := w.(ports.Remover)
	if !ok {
		rm = noRemover{}
	}
	return lifecycle.Apply(ctx, r.FS, w, rm, ops)
}

// noRemover stands in for a writer that cannot delete: a plan needing a
// removal then fails before anything is lost, and is rolled back.
type noRemover struct{}

func (noRemover) Remove(_ context.Context, name string) error {
	return fmt.Errorf("remove %s: this writer cannot delete files", name)
}

// deployedSpecs discovers the deployed specs of r.
func deployedSpecs(r *repo) ([]spec.File, error) {
	files, err := spec.DiscoverLimit(r.FS, r.Config.Specs, r.Config.SpecBytes())
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, spec.ErrNoSpecsDir) {
		return nil, &ExitError{Code: ExitCannotRun, Message: fmt.Sprintf(
			"the specs directory %s does not exist: create openspec/specs/<capability>/spec.md (or set [paths] specs in .espectacular/config.toml)", r.Config.Specs)}
	}
	return files, err
}

// planError maps a plan's refusals to exit codes: naming something that
// does not exist is a usage error (2); refusing to overwrite or to archive
// is a failed gate (1) that names each file.
func planError(cmd string, err error) error {
	if ue, ok := errors.AsType[*lifecycle.UnknownError](err); ok {
		return usageError("ah %s: %v", cmd, ue)
	}
	if ee, ok := errors.AsType[*lifecycle.ExistsError](err); ok {
		return &ExitError{Code: ExitFailed, Message: fmt.Sprintf("ah %s: %v", cmd, ee), Cause: ee}
	}
	if re, ok := errors.AsType[*lifecycle.RefusedError](err); ok {
		return &ExitError{Code: ExitFailed, Message: fmt.Sprintf("ah %s: %v", cmd, re), Cause: re}
	}
	if ie, ok := errors.AsType[*lifecycle.InputError](err); ok {
		return usageError("ah %s: %v", cmd, ie)
	}
	return err
}

// reportFiles prints what a lifecycle command wrote: one line per file,
// with verb ("created", "moved", ...), or the envelope of kind.
func reportFiles(d *Deps, g *Globals, kind output.Kind[output.FilesData], data output.FilesData, lines []string) error {
	if data.Notes == nil {
		data.Notes = []string{}
	}
	data.Lines = lines
	if g.asJSON() {
		return kind.JSON(d.Streams.Out, jsonOpts(), true).Print(data)
	}
	return output.NewFilesText(d.Streams.Out).Print(data)
}
