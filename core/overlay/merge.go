package overlay

import (
	"fmt"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/shellword"
	"github.com/espectacular/ah/core/spec"
)

// merge returns the scenarios of a requirement block after the delta
// requirement r of change c replaces old. A restated scenario keeps or
// replaces its text (redefine); a new one joins the scope. A MODIFIED
// block that omits a scenario of old would drop it, which OpenSpec
// refuses: that is a conflict, and the omitted scenarios stay in scope.
func (a *applier) merge(c Change, f spec.File, m *model, old *item, r spec.Requirement, modified bool) []Located {
	prev := map[string]Located{}
	for _, e := range old.entries {
		if _, dup := prev[e.Scenario.ID]; !dup {
			prev[e.Scenario.ID] = e
		}
	}
	restated := map[string]bool{}
	var out []Located
	for _, n := range r.Scenarios {
		s := n.Scenario
		if restated[s.ID] {
			continue // a second copy in the block: the collision check's business
		}
		if e, ok := prev[s.ID]; ok {
			restated[s.ID] = true
			out = append(out, a.redefine(c, f, e, s))
			continue
		}
		e, elsewhere := m.lookup(s.ID)
		switch {
		case !elsewhere:
			out = append(out, Located{Capability: f.Capability, SpecPath: f.Path, Scenario: s, Change: c.ID})
		case e.Change != "" && e.Change != c.ID:
			a.conflict(c, f, &s, fmt.Sprintf(
				"changes %q (%s:%d) and %q (%s:%d) both add scenario %q to capability %q: keep it in one change, or rename one of them",
				e.Change, e.SpecPath, e.Scenario.Line, c.ID, f.Path, s.Line, s.Title, f.Capability))
		case e.Change == "":
			out = append(out, a.redefine(c, f, e, s))
		}
	}
	var omitted []string
	for _, e := range old.entries {
		if !restated[e.Scenario.ID] {
			omitted = append(omitted, fmt.Sprintf("%q (%s:%d)", e.Scenario.Title, e.SpecPath, e.Scenario.Line))
			out = append(out, e)
		}
	}
	if modified && len(omitted) > 0 {
		a.conflict(c, f, nil, fmt.Sprintf(
			"change %q: %s:%d: the MODIFIED block of requirement %q omits %s, which openspec archive would drop, so it refuses the change: restate them in the block, or remove them on purpose in their own change",
			c.ID, f.Path, r.Span.Start, r.Name, strings.Join(omitted, ", ")))
		// No scenario to point at: the block's heading line is where to look.
		line := r.Span.Start
		a.findings[len(a.findings)-1].Line = &line
	}
	return out
}

// redefine decides the text in scope when change c restates existing
// scenario e as s: the same text is a no-op; new text replaces the old one
// only when c stages a contract for it (the change signals the new
// meaning); otherwise it is a conflict and the old text stays.
func (a *applier) redefine(c Change, f spec.File, e Located, s spec.Scenario) Located {
	if sameText(e.Scenario.Body, s.Body) {
		return e
	}
	staged := StagedPath(c.ID, f.Capability, s.ID)
	if _, ok := c.Staged[f.Capability+"/"+s.ID]; ok {
		return Located{Capability: f.Capability, SpecPath: f.Path, Scenario: s, Change: c.ID}
	}
	step := shellword.Quote([]string{"ah", "contract", "new", "--change", c.ID, f.Capability, s.ID})
	a.conflict(c, f, &s, fmt.Sprintf(
		"change %q restates scenario %q of capability %q with text that differs from %s:%d and stages no contract for it: stage %s to accept the new text (`%s` copies the deployed contract there, tests and all), or restate the scenario unchanged",
		c.ID, s.Title, f.Capability, e.SpecPath, e.Scenario.Line, staged, step))
	// A step, not an apply_command: accepting the new text is a
	// reviewer's decision (seed C-apply-command).
	a.findings[len(a.findings)-1].Step = &step
	return e
}

// collisions reports scenarios of one delta spec sharing an id with
// different bodies. REMOVED and RENAMED sections add nothing to the scope,
// and a mirrored `## Requirements` section repeating the delta's scenarios
// with the same bodies is dropped silently (seed: "Deduplicate mirrored
// delta sections").
func (a *applier) collisions(c Change, f spec.File) {
	var nodes []spec.ScenarioNode
	addReqs := func(reqs []spec.Requirement) {
		for _, r := range reqs {
			nodes = append(nodes, r.Scenarios...)
		}
	}
	nodes = append(nodes, f.Doc.Scenarios...)
	addReqs(f.Doc.Requirements)
	for _, s := range f.Doc.Sections {
		if s.Delta == spec.DeltaRemoved || s.Delta == spec.DeltaRenamed {
			continue
		}
		nodes = append(nodes, s.Scenarios...)
		addReqs(s.Requirements)
	}
	slices.SortFunc(nodes, func(x, y spec.ScenarioNode) int { return x.Line - y.Line })
	flat := make([]spec.Scenario, len(nodes))
	for i, n := range nodes {
		flat[i] = n.Scenario
	}
	_, cols := spec.Dedupe(flat)
	for _, col := range cols {
		a.cols = append(a.cols, Collision{
			Capability: f.Capability, SpecPath: f.Path,
			ContractPath: StagedPath(c.ID, f.Capability, col.Second.ID), Collision: col,
		})
	}
}

// conflict records an overlay-conflict in change c's delta spec f, about
// scenario s when set.
func (a *applier) conflict(c Change, f spec.File, s *spec.Scenario, msg string) {
	fd := finding.New(finding.OverlayConflict, msg)
	fd.Spec, fd.SpecPath = f.Capability, f.Path
	if s != nil {
		fd = fd.WithScenario(f.Capability, f.Path, ScenarioOf(*s))
		fd.ContractPath = StagedPath(c.ID, f.Capability, s.ID)
	}
	a.findings = append(a.findings, fd)
}

// ScenarioOf is a scenario as findings carry it.
func ScenarioOf(s spec.Scenario) finding.ScenarioRef {
	line := s.Line
	return finding.ScenarioRef{ID: s.ID, Title: s.Title, BodyMarkdown: s.Body, Line: &line}
}
