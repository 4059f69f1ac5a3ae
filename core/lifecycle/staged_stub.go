package lifecycle

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/overlay"
	"github.com/espectacular/ah/core/spec"
)

// StagedStubRequest asks for stub contracts staged in a change
// (`ah contract new --change <id>`).
type StagedStubRequest struct {
	Change string
	// Delta are the change's delta specs (overlay.Change.Files); a named
	// scenario must be one of theirs.
	Delta []spec.File
	// Scopes are the overlay's scenarios per capability (ChangeScope):
	// --all-missing stubs the change's scenarios whose active contract
	// does not exist, the ones ah check --changes reports as no-toml.
	Scopes map[string][]overlay.Located
	// Capability and IDs name the scenarios; AllMissing takes every one
	// (of Capability only, when set).
	Capability string
	IDs        []string
	AllMissing bool
	Version    string
	TestType   string
}

// StagedStubs plans a staged stub per requested scenario of the change,
// at .espectacular/changes/<change>/<capability>/<id>.toml. Naming a
// scenario that has a staged contract already is refused; naming one with
// a deployed contract stages a new one (a rewritten scenario needs it).
func StagedStubs(fsys fs.FS, req StagedStubRequest) ([]Op, error) {
	if err := checkName("change id", req.Change); err != nil {
		return nil, err
	}
	var caps []string
	for _, f := range req.Delta {
		if f.Skipped == nil && (req.Capability == "" || f.Capability == req.Capability) {
			caps = append(caps, f.Capability)
		}
	}
	if len(caps) == 0 && req.Capability != "" {
		var known []string
		for _, f := range req.Delta {
			if f.Skipped == nil {
				known = append(known, f.Capability)
			}
		}
		return nil, &UnknownError{What: "capability", Name: req.Capability,
			Where: fmt.Sprintf("in change %s's specs", req.Change), Known: known}
	}
	var ops []Op
	var exists []string
	for _, c := range caps {
		wanted, err := req.wanted(fsys, c)
		if err != nil {
			return nil, err
		}
		for _, s := range wanted {
			if s.ID == "" {
				continue // no file name: ah check reports empty-scenario-id
			}
			p := overlay.StagedPath(req.Change, c, s.ID)
			if present(fsys, p) {
				exists = append(exists, p)
				continue
			}
			data := Stub(s.ID, s.Title, req.Version, req.TestType)
			if deployed, err := fs.ReadFile(fsys, contract.Path(config.Dir, c, s.ID)); err == nil {
				// The change rewrites a deployed scenario: its contract,
				// tests and all, still proves it until someone edits it
				// (issue 28).
				data = deployed
			}
			ops = append(ops, Op{Path: p, Data: data, Create: true})
		}
	}
	if len(exists) > 0 {
		return nil, &ExistsError{Paths: exists, Why: "a staged contract exists already (edit it instead)"}
	}
	return ops, nil
}

// wanted picks the capability's scenarios to stub.
func (req StagedStubRequest) wanted(fsys fs.FS, capability string) ([]spec.Scenario, error) {
	if req.AllMissing {
		var out []spec.Scenario
		for _, s := range req.Scopes[capability] {
			if s.Change == req.Change && !present(fsys, s.ContractPath) {
				out = append(out, s.Scenario)
			}
		}
		return append(out, req.rewritten(fsys, capability)...), nil
	}
	var mine []spec.Scenario
	for _, f := range req.Delta {
		if f.Skipped == nil && f.Capability == capability {
			mine, _ = spec.Dedupe(f.Scenarios)
		}
	}
	out, err := pick(mine, req.IDs)
	if ue, ok := errors.AsType[*UnknownError](err); ok {
		ue.Where = fmt.Sprintf("in change %s's spec of %s", req.Change, capability)
	}
	return out, err
}

// ChangeScope is the overlay of one change over the deployed specs, as
// ah check --changes <id> resolves it: each capability the change touches,
// with its scenarios and their active contracts.
func ChangeScope(fsys fs.FS, deployed []spec.File, c overlay.Change) map[string][]overlay.Located {
	var contracts []string
	note := func(capability string, scenarios []spec.Scenario) {
		for _, s := range scenarios {
			if p := contract.Path(config.Dir, capability, s.ID); present(fsys, p) {
				contracts = append(contracts, p)
			}
		}
	}
	for _, f := range deployed {
		note(f.Capability, f.Scenarios)
	}
	for _, f := range c.Files {
		note(f.Capability, f.Scenarios)
	}
	return overlay.Apply(deployed, contracts, []overlay.Change{c}).Scopes
}

// rewritten are the change's scenarios of capability that restate a
// deployed scenario with new text and stage no contract: the overlay
// keeps the old text (an overlay-conflict) until a copy of the deployed
// contract is staged for them.
func (req StagedStubRequest) rewritten(fsys fs.FS, capability string) []spec.Scenario {
	inScope := map[string]overlay.Located{}
	for _, s := range req.Scopes[capability] {
		inScope[s.Scenario.ID] = s
	}
	var out []spec.Scenario
	for _, f := range req.Delta {
		if f.Skipped != nil || f.Capability != capability {
			continue
		}
		mine, _ := spec.Dedupe(f.Scenarios)
		for _, s := range mine {
			e, ok := inScope[s.ID]
			if ok && e.Change == "" && !spec.SameBody(e.Scenario.Body, s.Body) &&
				present(fsys, contract.Path(config.Dir, capability, s.ID)) && !present(fsys, overlay.StagedPath(req.Change, capability, s.ID)) {
				out = append(out, s)
			}
		}
	}
	return out
}
