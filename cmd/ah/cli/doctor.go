package cli

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/espectacular/ah/cmd/ah/cli/output"
	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/doctor"
	"github.com/espectacular/ah/ports"
)

// DoctorCmd is `ah doctor`.
type DoctorCmd struct {
	// Enable is a pointer so that an empty value (`--enable ""`) is told
	// apart from no flag: it is an unknown capability, not a diagnosis.
	Enable *string `name:"enable" placeholder:"CAPABILITY" help:"Append the config block that enables CAPABILITY (cargo, go, pytest, vitest; mutation, property, snapshot) to .espectacular/config.toml."`
}

// Run diagnoses the repository, or enables a capability.
func (c *DoctorCmd) Run(ctx context.Context, g *Globals, d *Deps) error {
	if c.Enable != nil {
		return c.enable(ctx, g, d, *c.Enable)
	}
	r, err := locate(g, d)
	if err != nil {
		return err
	}
	facts := adapter.Gather(ctx, r.FS, d.Process, r.Root, d.Drivers)
	if err := ctx.Err(); err != nil {
		return err
	}
	in := doctor.Input{Repo: r.FS, Config: r.Config, ConfigProblem: configProblem(r.Problem), Version: Version, Facts: facts}
	if r.Config != nil {
		in.Programs = lookPrograms(r.Root, doctor.RunnerPrograms(*r.Config))
	}
	if r.Config != nil {
		if in.Worktree, err = worktree(ctx, d.Git(r.Root)); err != nil {
			return err
		}
	}
	rep, err := doctor.Diagnose(ctx, in)
	if err != nil {
		return err
	}
	if g.asJSON() {
		err = output.DoctorKind.JSON(d.Streams.Out, jsonOpts(), rep.Healthy()).Print(rep)
	} else {
		err = output.DoctorText(d.Streams.Out, rep, d.color())
	}
	if err != nil {
		return err
	}
	if !rep.Healthy() {
		return errGateFailed
	}
	return nil
}

// configProblem words a missing or unusable config as a diagnosis: doctor
// is the command that explains it.
func configProblem(problem error) string {
	if problem == nil {
		return ""
	}
	return problem.Error()
}

// worktree asks git about the repository, for the uncommitted-specs check:
// nil outside a work tree (or without git), so the check is not reported.
func worktree(ctx context.Context, git ports.Git) (*doctor.Worktree, error) {
	prefix, err := git.Prefix(ctx)
	switch {
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case err != nil:
		// ports.ErrNotWorkTree, or git is not installed: no work tree to
		// compare with.
		return nil, nil
	}
	w := &doctor.Worktree{Prefix: prefix}
	if w.Changes, err = git.WorktreeChanges(ctx); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		w.Problem = err.Error()
	}
	return w, nil
}

// enable appends a capability's block to the config, atomically.
func (c *DoctorCmd) enable(ctx context.Context, g *Globals, d *Deps, capability string) error {
	if known := doctor.Capabilities(); !slices.Contains(known, capability) {
		return usageError("%v", &doctor.UnknownCapabilityError{Name: capability, Known: known})
	}
	r, err := openRepo(g, d)
	if err != nil {
		return err
	}
	facts := adapter.Facts{Drivers: d.Drivers}
	switch {
	case slices.Contains(doctor.RunnerCapabilities, capability):
		facts = adapter.Gather(ctx, r.FS, d.Process, r.Root, d.Drivers, capability)
	case slices.Contains(doctor.QualityCapabilities, capability):
		// A quality capability runs through the project's own framework:
		// manifests and imports say which, without probing (issue 16).
		facts = adapter.Scan(r.FS, d.Drivers)
	}
	if r.Config != nil {
		if err := doctor.ConfiguredButMissing(*r.Config, capability, lookPrograms(r.Root, doctor.RunnerPrograms(*r.Config))); err != nil {
			return &RunError{Message: err.Error()}
		}
	}
	// The edit is computed from the file as it is under the writer's lock,
	// not as it was before the (slow) probes: a concurrent --enable or a
	// hand edit made meanwhile is kept, never overwritten.
	d.sweep(ctx, r.Root)
	var e doctor.Edit
	err = d.NewWriter(r.Root).Update(ctx, config.Path, func(data []byte) ([]byte, error) {
		var err error
		if e, err = doctor.Enable(r.FS, data, capability, facts); err != nil {
			return nil, err
		}
		return e.Content, nil // nil when already enabled: nothing written
	})
	if err != nil {
		var ce *config.Error
		if errors.As(err, &ce) {
			return &RunError{Message: ce.Error()}
		}
		// Exit 2: ah could not do what was asked, and nothing was written.
		if te, ok := errors.AsType[*doctor.ToolMissingError](err); ok {
			return &RunError{Message: te.Error()}
		}
		return err
	}
	if g.asJSON() {
		return output.DoctorEnableKind.JSON(d.Streams.Out, jsonOpts(), true).Print(output.DoctorEnableData{Enable: e})
	}
	return output.EnableText(d.Streams.Out, e)
}

// lookPrograms says whether each program is installed: a name is looked up
// on PATH, a path (with a slash) taken relative to the repository root, as
// the runner starts it there.
func lookPrograms(root string, programs []string) map[string]bool {
	found := make(map[string]bool, len(programs))
	for _, p := range programs {
		if strings.ContainsRune(p, '/') || strings.ContainsRune(p, filepath.Separator) {
			path := p
			if !filepath.IsAbs(path) {
				path = filepath.Join(root, path)
			}
			fi, err := os.Stat(path)
			found[p] = err == nil && !fi.IsDir()
			continue
		}
		_, err := exec.LookPath(p)
		found[p] = err == nil
	}
	return found
}
