package lifecycle

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/doctor"
	"github.com/espectacular/ah/core/repofs"
	"github.com/espectacular/ah/core/spec"
	"github.com/espectacular/ah/core/tomlstring"
)

// InitRequest holds the facts ah init decides from.
type InitRequest struct {
	Version string
	// Facts are the adapters detected (and probed) in the repository.
	Facts adapter.Facts
	// Scope, when set, names the capabilities to adopt first (ah init
	// --scope): the config gets [scope] include = Scope and only their
	// scenarios get stubs (issue 28).
	Scope []string
}

// InitResult is the plan of ah init.
type InitResult struct {
	Ops   []Op
	Hook  Hook
	Notes []string
}

// ErrNoOpenSpec is returned when the repository has no openspec/
// directory: there is nothing to initialise contracts for.
// One line: error text is escaped on the terminal, a newline would print
// as a literal \n.
var ErrNoOpenSpec = errors.New(`no openspec/ directory here: ah checks OpenSpec scenarios and expects ` +
	`openspec/specs/<capability>/spec.md with "#### Scenario: <title>" headings; ` +
	"create it (for example with `openspec init`), or run ah init in the repository that has it")

// Init plans ah init: the config (this version, default paths, a runner
// per detected framework) when there is none, a stub contract for every
// scenario without one, and the pre-commit hook. A second run plans
// nothing.
func Init(fsys fs.FS, req InitRequest) (InitResult, error) {
	var res InitResult
	data, err := fs.ReadFile(fsys, config.Path)
	exists := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return res, fmt.Errorf("read %s: %w", config.Path, err)
	}
	if !exists {
		data, res.Notes = newConfig(fsys, req)
		res.Ops = append(res.Ops, Op{Path: config.Path, Data: data, Create: true})
	}
	cfg, err := config.Parse(data)
	if err != nil {
		return res, err
	}
	if !present(fsys, strings.Split(cfg.Specs, "/")[0]) {
		return res, ErrNoOpenSpec
	}
	files, err := spec.DiscoverLimit(fsys, cfg.Specs, cfg.SpecBytes())
	if err != nil && !errors.Is(err, spec.ErrNoSpecsDir) {
		return res, err
	}
	if cfg.QualifyCollidingIDs {
		files = spec.Qualify(files)
	}
	if len(req.Scope) > 0 {
		if err := knownCapabilities(files, req.Scope); err != nil {
			return res, err
		}
		var op *Op
		if cfg, op, res.Notes, err = withScope(data, cfg, req.Scope, res.Notes); err != nil {
			return res, err
		}
		if op != nil {
			res.Ops = slices.DeleteFunc(res.Ops, func(o Op) bool { return o.Path == config.Path })
			res.Ops = append(res.Ops, *op)
		}
	}
	res.Notes = append(res.Notes, qualifiedOutOfScope(files, cfg.Scope)...)
	files = inScope(files, cfg.Scope)
	res.Notes = append(res.Notes, collisionNotes(files, cfg)...)
	stubs, err := Stubs(fsys, StubRequest{Files: files, AllMissing: true, Version: req.Version, TestType: TestType(req.Facts)})
	if err != nil {
		return res, err
	}
	res.Ops = append(res.Ops, stubs...)
	hook, op := wireHook(func(name string) ([]byte, error) {
		return repofs.ReadFile(fsys, name, repofs.ConfigLimit)
	})
	res.Hook = hook
	if op != nil {
		res.Ops = append(res.Ops, *op)
	}
	return res, nil
}

// newConfig is the config of a repository without one; the notes say
// which detected frameworks got no runner, and why.
func newConfig(fsys fs.FS, req InitRequest) ([]byte, []string) {
	data := []byte(fmt.Sprintf("tool_version = %s\n\n[paths]\nspecs = %s\nchanges = %s\n",
		tomlstring.Quote(req.Version), tomlstring.Quote(config.DefaultSpecs), tomlstring.Quote(config.DefaultChanges)))
	var notes []string
	for _, name := range slices.Sorted(maps.Keys(req.Facts.Evidence)) {
		e := req.Facts.Evidence[name]
		if !e.Manifest && e.ImportedBy == "" {
			continue
		}
		// doctor --enable's edit: the runner a probe proved runs here.
		edit, err := doctor.EnableAs(fsys, data, name, req.Facts, "ah init")
		if err != nil {
			notes = append(notes, fmt.Sprintf("%s detected but not configured: %v", name, err))
			continue
		}
		if edit.Content != nil {
			data = edit.Content
		}
	}
	return data, notes
}

// knownCapabilities refuses an ah init --scope naming a capability the
// deployed specs do not have (or hold nested), listing those they do.
func knownCapabilities(files []spec.File, caps []string) error {
	var known []string
	for _, f := range files {
		if f.Skipped == nil && f.Capability != "" {
			known = append(known, f.Capability)
		}
	}
	for _, c := range caps {
		c = strings.TrimSuffix(c, "/")
		if !slices.ContainsFunc(known, func(k string) bool { return k == c || strings.HasPrefix(k, c+"/") }) {
			return &UnknownError{What: "capability", Name: c, Known: known}
		}
	}
	return nil
}

// withScope adds [scope] include = caps to the config: a new config, or
// one without [scope]. A config that has a [scope] is left as it is, with
// a note: merging include lists by hand is the user's call.
func withScope(data []byte, cfg config.Config, caps []string, notes []string) (config.Config, *Op, []string, error) {
	if cfg.Scope.Set() {
		return cfg, nil, append(notes, fmt.Sprintf("%s already has a [scope]: add %s to its include to gate them", config.Path, strings.Join(caps, ", "))), nil
	}
	quoted := make([]string, len(caps))
	for i, c := range caps {
		quoted[i] = tomlstring.Quote(strings.TrimSuffix(c, "/"))
	}
	text := string(data)
	if text != "" && !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	text += "\n# Adopted one capability at a time: the others count as out of scope (ah explain scope).\n[scope]\ninclude = [" + strings.Join(quoted, ", ") + "]\n"
	next, err := config.Parse([]byte(text))
	if err != nil {
		return cfg, nil, notes, err
	}
	return next, &Op{Path: config.Path, Data: []byte(text)}, notes, nil
}

// inScope keeps the scenarios [scope] puts in scope: ah init stubs
// nothing the gate does not check.
func inScope(files []spec.File, s config.Scope) []spec.File {
	if !s.Set() {
		return files
	}
	out := slices.Clone(files)
	for i, f := range out {
		out[i].Scenarios = slices.DeleteFunc(slices.Clone(f.Scenarios), func(sc spec.Scenario) bool { return !s.In(f.Capability, sc.ID) })
	}
	return out
}
