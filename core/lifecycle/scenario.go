package lifecycle

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/overlay"
	"github.com/espectacular/ah/core/repofs"
	"github.com/espectacular/ah/core/slug"
	"github.com/espectacular/ah/core/spec"
)

// ScenarioRequest asks ah scenario new to add a scenario to a change.
type ScenarioRequest struct {
	// Changes is the configured changes root ([paths] changes); Specs
	// the deployed specs root ([paths] specs).
	Changes, Specs                           string
	Change, Capability, Requirement, Heading string
	Version, TestType                        string
	// Create starts the change when its directory does not exist (ah
	// scenario new --create): a proposal.md to fill in is planned too.
	Create bool
}

// DeltaPath is the spec delta of capability in change.
func DeltaPath(changes, change, capability string) string {
	return path.Join(changes, change, "specs", capability, "spec.md")
}

// NewScenario plans ah scenario new: the scenario, with GIVEN/WHEN/THEN
// placeholders, appended under its requirement in the change's delta, and
// its staged stub contract. A requirement the delta lacks is added to it:
// under MODIFIED Requirements, restating the deployed block with every
// scenario it has (openspec archive refuses a MODIFIED block that drops
// one, and an ADDED one naming an existing requirement; issue 39), or
// under ADDED Requirements when the deployed spec has no such requirement.
func NewScenario(fsys fs.FS, req ScenarioRequest) ([]Op, error) {
	heading := strings.TrimSpace(req.Heading)
	for _, n := range [][3]string{{"scenario heading", "Scenario: ", heading}, {"requirement", "Requirement: ", strings.TrimSpace(req.Requirement)}} {
		if err := checkTitle(n[0], n[1], n[2]); err != nil {
			return nil, err
		}
	}
	for _, n := range [][2]string{{"change id", req.Change}, {"capability", req.Capability}} {
		if err := checkName(n[0], n[1]); err != nil {
			return nil, err
		}
	}
	id := slug.Make(heading)
	if id == "" {
		return nil, &InputError{fmt.Sprintf("scenario heading %q has no letter or digit, so it would have no id: give it a descriptive title", req.Heading)}
	}
	requirement := strings.TrimSpace(req.Requirement)
	if requirement == "" {
		return nil, &InputError{"--requirement must name the requirement the scenario belongs to"}
	}
	var ops []Op
	if err := changeExists(fsys, req.Changes, req.Change); err != nil {
		ue, unknown := errors.AsType[*UnknownError](err)
		if !unknown || !req.Create {
			if unknown {
				ue.Hint = "pass --create to start it"
			}
			return nil, err
		}
		ops = append(ops, Op{Path: path.Join(req.Changes, req.Change, "proposal.md"), Data: []byte(proposal(req.Change))})
	}
	if !fs.ValidPath(req.Capability) || req.Capability == "." {
		return nil, &InputError{fmt.Sprintf("%q is not a capability: use its directory name under the specs directory", req.Capability)}
	}
	delta := DeltaPath(req.Changes, req.Change, req.Capability)
	block := fmt.Sprintf("#### Scenario: %s\n- **GIVEN** [the starting state]\n- **WHEN** [the action or condition]\n- **THEN** [the expected observable result]\n", heading)
	deployed, err := deployedRequirement(fsys, req.Specs, req.Capability, requirement, id)
	if err != nil {
		return nil, err
	}
	section := fmt.Sprintf("## ADDED Requirements\n\n### Requirement: %s\nThe system SHALL [describe the requirement].\n\n%s", requirement, block)
	restated := ""
	if deployed != "" {
		restated = deployed + "\n" + block
		section = "## MODIFIED Requirements\n\n" + restated
	}
	var text string
	data, err := repofs.ReadFile(fsys, delta, repofs.DefaultSpecLimit)
	switch {
	case !present(fsys, delta):
		text = section
	case err != nil:
		return nil, fmt.Errorf("read %s: %w", delta, err)
	default:
		if text, err = appendScenario(string(data), delta, requirement, id, block, restated); err != nil {
			return nil, err
		}
	}
	staged := overlay.StagedPath(req.Change, req.Capability, id)
	if present(fsys, staged) {
		return nil, &ExistsError{Paths: []string{staged}, Why: "the change stages a contract of that id already"}
	}
	return append(ops,
		Op{Path: delta, Data: []byte(text)},
		Op{Path: staged, Data: Stub(id, heading, req.Version, req.TestType), Create: true},
	), nil
}

// proposal is the proposal.md of a change ah scenario new --create
// starts, with the sections openspec validate requires.
func proposal(change string) string {
	return fmt.Sprintf("# Change: %s\n\n## Why\n[Why this change is needed.]\n\n## What Changes\n- [What the change does.]\n", change)
}

// deployedRequirement is the block of the deployed requirement named
// requirement of capability, verbatim (trailing blank lines trimmed, one
// final newline), or "" when the deployed spec has none. A scenario of
// that requirement with the new id is refused: the delta would repeat it.
func deployedRequirement(fsys fs.FS, specs, capability, requirement, id string) (string, error) {
	if specs == "" {
		return "", nil
	}
	p := path.Join(specs, capability, "spec.md")
	if !present(fsys, p) {
		return "", nil
	}
	data, err := repofs.ReadFile(fsys, p, repofs.DefaultSpecLimit)
	if err != nil {
		return "", fmt.Errorf("read %s: %w", p, err)
	}
	doc := spec.ParseString(string(data))
	reqs := slices.Clone(doc.Requirements)
	for _, s := range doc.Sections {
		reqs = append(reqs, s.Requirements...)
	}
	i := slices.IndexFunc(reqs, func(r spec.Requirement) bool { return r.Name == requirement })
	if i < 0 {
		return "", nil
	}
	r := reqs[i]
	if slices.ContainsFunc(r.Scenarios, func(s spec.ScenarioNode) bool { return s.ID == id }) {
		return "", &InputError{fmt.Sprintf("%s: requirement %q already has a scenario with id %q", p, requirement, id)}
	}
	lines := strings.SplitAfter(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	return strings.TrimRight(strings.Join(lines[r.Span.Start-1:min(r.Span.End, len(lines))], ""), " \t\n") + "\n", nil
}

// appendScenario inserts block after the last line of the requirement
// named requirement in the delta text. A delta without that requirement
// gets restated (the deployed requirement with block; empty when the
// deployed spec has none, which is refused as a likely typo) in its
// MODIFIED section.
func appendScenario(text, delta, requirement, id, block, restated string) (string, error) {
	doc := spec.ParseString(text)
	var reqs []spec.Requirement
	reqs = append(reqs, doc.Requirements...)
	for _, s := range doc.Sections {
		reqs = append(reqs, s.Requirements...)
	}
	i := slices.IndexFunc(reqs, func(r spec.Requirement) bool { return r.Name == requirement })
	if i < 0 && restated != "" {
		return addModified(text, doc, restated), nil
	}
	if i < 0 {
		names := make([]string, len(reqs))
		for k, r := range reqs {
			names[k] = fmt.Sprintf("%q", r.Name)
		}
		known := "none"
		if len(names) > 0 {
			known = strings.Join(names, ", ")
		}
		return "", &InputError{fmt.Sprintf("%s has no requirement %q; its requirements: %s (names match exactly), and the deployed spec has none of that name either", delta, requirement, known)}
	}
	r := reqs[i]
	if slices.ContainsFunc(r.Scenarios, func(s spec.ScenarioNode) bool { return s.ID == id }) {
		return "", &InputError{fmt.Sprintf("%s: requirement %q already has a scenario with id %q", delta, requirement, id)}
	}
	lines := strings.SplitAfter(text, "\n")
	end := min(r.Span.End, len(lines))
	before := strings.Join(lines[:end], "")
	if !strings.HasSuffix(before, "\n") {
		before += "\n"
	}
	return before + "\n" + block + strings.Join(lines[end:], ""), nil
}

// addModified puts a restated requirement at the end of the delta's
// MODIFIED Requirements section, or in a new one at the end: OpenSpec
// reads one section per operation.
func addModified(text string, doc spec.Document, restated string) string {
	lines := strings.SplitAfter(text, "\n")
	for _, s := range doc.Sections {
		if s.Delta != spec.DeltaModified {
			continue
		}
		end := min(s.Span.End, len(lines))
		before := strings.TrimRight(strings.Join(lines[:end], ""), " \t\n") + "\n"
		rest := strings.TrimLeft(strings.Join(lines[end:], ""), "\n")
		if rest == "" {
			return before + "\n" + restated
		}
		return before + "\n" + restated + "\n" + rest
	}
	text = strings.TrimRight(text, " \t\n") + "\n"
	return text + "\n## MODIFIED Requirements\n\n" + restated
}

// changeExists requires the change's directory, listing the changes there
// are when it is missing.
func changeExists(fsys fs.FS, changes, change string) error {
	if overlay.ValidID(change) != nil {
		return &InputError{fmt.Sprintf("%q is not a change id: use the directory name under %s", change, changes)}
	}
	if fi, err := fs.Stat(fsys, path.Join(changes, change)); err == nil && fi.IsDir() {
		return nil
	}
	return &UnknownError{What: "change", Name: change, Where: "under " + changes, Known: overlay.IDs(fsys, changes)}
}
