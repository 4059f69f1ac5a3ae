package cli

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/espectacular/ah/cmd/ah/cli/output"
	"github.com/espectacular/ah/core/lifecycle"
	"github.com/espectacular/ah/core/spec"
	"github.com/espectacular/ah/ports"
)

// filesJSON is the data of the init, contract, scenario and archive
// envelopes: what was written and removed, repository-relative.
type filesJSON struct {
	Written []string  `json:"written"`
	Removed []string  `json:"removed"`
	Hook    *hookJSON `json:"hook,omitempty"`
	Notes   []string  `json:"notes"`
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
	if err != nil {
		return nil, spec.DirErrorOf(r.Config.Specs, err)
	}
	return files, nil
}

// planError names the command behind a plan's refusals; exitCode
// classifies them: naming something that does not exist is a usage error
// (2), refusing to overwrite or to archive a failed gate (1) that names
// each file.
func planError(cmd string, err error) error {
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
// with verb ("created", "moved", ...), or the envelope.
func reportFiles(d *Deps, g *Globals, kind string, data filesJSON, lines []string) error {
	if data.Notes == nil {
		data.Notes = []string{}
	}
	if g.asJSON() {
		return output.WriteEnvelope(d.Streams.Out, output.NewEnvelope(kind, Version, true, data))
	}
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(output.Escape(l) + "\n")
	}
	for _, n := range data.Notes {
		b.WriteString(output.Escape(n) + "\n")
	}
	_, err := fmt.Fprint(d.Streams.Out, b.String())
	return err
}
