package lifecycle

import (
	"bytes"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/overlay"
	"github.com/espectacular/ah/core/repofs"
	"github.com/espectacular/ah/core/spec"
)

// Move is one staged contract and where ah archive puts it.
type Move struct{ From, To string }

// ArchiveOps is the plan of ah archive.
type ArchiveOps struct {
	Ops   []Op
	Moves []Move
}

// Archive computes moving a change's staged contracts to their deployed
// locations, after OpenSpec archived the change's specs. It refuses, all
// or nothing, a staged contract whose scenario is not deployed, and one
// that would overwrite a different deployed contract without being a
// supersession (the predecessor checked the deployed file's status
// instead, so supersede -> archive always failed). The emptied staging
// directories are removed.
func Archive(fsys fs.FS, deployed []spec.File, change string) (ArchiveOps, error) {
	root := overlay.StagingDir(change)
	if overlay.ValidID(change) != nil {
		return ArchiveOps{}, &InputError{fmt.Sprintf("%q is not a change id", change)}
	}
	if fi, err := fs.Stat(fsys, root); err != nil || !fi.IsDir() {
		return ArchiveOps{}, &InputError{fmt.Sprintf("no staged contracts for change %q: %s does not exist", change, root)}
	}
	ids := map[string][]string{}
	for _, f := range deployed {
		ids[f.Capability] = scenarioIDs(f.Scenarios)
	}
	var plan ArchiveOps
	var problems, dirs []string
	err := fs.WalkDir(fsys, root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			dirs = append(dirs, p)
			return nil
		}
		capability, id, ok := contract.Split(root, p)
		if !ok {
			problems = append(problems, fmt.Sprintf("%s: not a staged contract (<capability>/<scenario-id>.toml): move it out of %s", p, root))
			return nil
		}
		data, err := repofs.ReadFile(fsys, p, repofs.ContractLimit)
		if err != nil {
			return fmt.Errorf("read %s: %w", p, err)
		}
		to := contract.Path(config.Dir, capability, id)
		if why := refuse(fsys, capability, id, to, data, ids); why != "" {
			problems = append(problems, p+": "+why)
			return nil
		}
		plan.Moves = append(plan.Moves, Move{From: p, To: to})
		plan.Ops = append(plan.Ops, Op{Path: to, Data: data})
		return nil
	})
	if err != nil {
		return ArchiveOps{}, err
	}
	if len(problems) > 0 {
		return ArchiveOps{}, &RefusedError{Problems: problems}
	}
	for _, m := range plan.Moves {
		plan.Ops = append(plan.Ops, Op{Path: m.From, Remove: true})
	}
	// Deepest first, so each directory is empty when it is removed.
	slices.SortFunc(dirs, func(a, b string) int { return strings.Count(b, "/") - strings.Count(a, "/") })
	for _, d := range dirs {
		plan.Ops = append(plan.Ops, Op{Path: d, Remove: true})
	}
	return plan, nil
}

// refuse says why a staged contract cannot be archived, or "".
func refuse(fsys fs.FS, capability, id, to string, staged []byte, ids map[string][]string) string {
	known, ok := ids[capability]
	if !ok || !slices.Contains(known, id) {
		return fmt.Sprintf("scenario %s/%s is not in the deployed specs: archive the change's specs with OpenSpec first", capability, id)
	}
	old, err := repofs.ReadFile(fsys, to, repofs.ContractLimit)
	if err != nil || bytes.Equal(old, staged) {
		return "" // nothing deployed yet, or the very same contract
	}
	if c, _ := contract.Decode(to, staged); c.Status == contract.Superseded {
		return "" // a superseded update replaces the active contract
	}
	return fmt.Sprintf("would overwrite %s, a different contract, and is not a supersession (status = \"superseded\"): merge the two by hand", to)
}
