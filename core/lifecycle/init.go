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
		res.Ops = append(res.Ops, Op{Path: config.Path, Data: data})
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
	stubs, err := Stubs(fsys, StubRequest{Files: files, AllMissing: true, Version: req.Version, TestType: TestType(req.Facts)})
	if err != nil {
		return res, err
	}
	res.Ops = append(res.Ops, stubs...)
	hook, op := wireHook(func(name string) ([]byte, bool) {
		b, err := repofs.ReadFile(fsys, name, repofs.ConfigLimit)
		return b, err == nil
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
