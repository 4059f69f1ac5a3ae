package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/espectacular/ah/cmd/ah/cli/output"
	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/doctor"
	"github.com/espectacular/ah/infra/osfs"
)

// DoctorCmd is `ah doctor`.
type DoctorCmd struct {
	// Enable is a pointer so that an empty value (`--enable ""`) is told
	// apart from no flag: it is an unknown capability, not a diagnosis.
	Enable *string `name:"enable" placeholder:"CAPABILITY" help:"Append the config block that enables CAPABILITY (cargo, go, pytest, vitest) to .espectacular/config.toml."`
}

// Run diagnoses the repository, or enables a capability.
func (c *DoctorCmd) Run(ctx context.Context, g *Globals, d *Deps) error {
	if c.Enable != nil {
		return c.enable(ctx, g, d, *c.Enable)
	}
	root, cfg, problem, err := locateRepo(g, d)
	if err != nil {
		return err
	}
	fsys := osfs.DirFS(root)
	facts := adapter.Gather(ctx, fsys, d.Process, root, d.Drivers)
	if err := ctx.Err(); err != nil {
		return err
	}
	rep, err := doctor.Diagnose(ctx, doctor.Input{Repo: fsys, Config: cfg, ConfigProblem: problem, Version: Version, Facts: facts})
	if err != nil {
		return err
	}
	if g.JSON {
		err = writeEnvelope(d.Streams.Out, newEnvelope("doctor", rep.Healthy(), rep))
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
	if slices.Contains(doctor.RunnerCapabilities, capability) {
		facts = adapter.Gather(ctx, r.FS, d.Process, r.Root, d.Drivers, capability)
	}
	// The edit is computed from the file as it is under the writer's lock,
	// not as it was before the (slow) probes: a concurrent --enable or a
	// hand edit made meanwhile is kept, never overwritten.
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
			return &ExitError{Code: ExitCannotRun, Message: ce.Error()}
		}
		return err
	}
	if g.JSON {
		return writeEnvelope(d.Streams.Out, newEnvelope("doctor", true, map[string]any{"enable": e}))
	}
	return output.EnableText(d.Streams.Out, e)
}

// locateRepo finds the repository like openRepo, but a missing or invalid
// config is a diagnosis (problem), not an error: doctor is the command that
// explains it. Without a config the start directory is examined.
func locateRepo(g *Globals, d *Deps) (root string, cfg *config.Config, problem string, err error) {
	start := g.Chdir
	if start == "" {
		if start, err = d.Getwd(); err != nil {
			return "", nil, "", fmt.Errorf("get working directory: %w", err)
		}
	} else if fi, err := os.Stat(start); err != nil || !fi.IsDir() {
		return "", nil, "", usageError("-C %s: not a directory", start)
	}
	root, err = findRoot(start)
	if err != nil {
		root, aerr := filepath.Abs(start)
		if aerr != nil {
			return "", nil, "", aerr
		}
		if !errors.Is(err, errNoConfig) {
			return root, nil, err.Error(), nil // there, but unusable
		}
		return root, nil, fmt.Sprintf("no .espectacular/config.toml in %s or any parent directory: create one (see the README section Configuration), or pass -C DIR", start), nil
	}
	data, err := fs.ReadFile(osfs.DirFS(root), config.Path)
	if err != nil {
		return root, nil, fmt.Sprintf("read %s: %v", config.Path, err), nil
	}
	c, err := config.Parse(data)
	if err != nil {
		return root, nil, err.Error(), nil
	}
	return root, &c, "", nil
}
