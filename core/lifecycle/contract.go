package lifecycle

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/repofs"
	"github.com/espectacular/ah/core/spec"
)

// StubRequest asks for stub contracts of deployed scenarios.
type StubRequest struct {
	// Files are the deployed specs (spec.Discover over the specs root).
	Files []spec.File
	// Capability and IDs name the scenarios; with AllMissing, every
	// scenario without a contract (of Capability only, when set).
	Capability string
	IDs        []string
	AllMissing bool
	// Version is this ah's version; TestType the example's test type.
	Version, TestType string
}

// UnknownError names a capability or scenario that is not deployed, with
// the ones that are, so the message can list them.
type UnknownError struct {
	What, Name string
	// Where defaults to "in the deployed specs".
	Where string
	Known []string
	// Hint, when set, is a way forward appended to the message.
	Hint string
}

func (e *UnknownError) Error() string {
	where, known := e.Where, strings.Join(e.Known, ", ")
	if where == "" {
		where = "in the deployed specs"
	}
	if known == "" {
		known = "none"
	}
	msg := fmt.Sprintf("no %s %q %s; known: %s", e.What, e.Name, where, known)
	if e.Hint != "" {
		msg += "; " + e.Hint
	}
	return msg
}

// ExistsError lists files a plan refuses to overwrite (exit 1, nothing
// written).
type ExistsError struct {
	Paths []string
	Why   string
}

func (e *ExistsError) Error() string {
	return fmt.Sprintf("refusing to overwrite %s: %s; nothing was written", strings.Join(e.Paths, ", "), e.Why)
}

// Stubs plans a stub contract per requested scenario. Naming a scenario
// that already has a contract is refused; --all-missing skips them.
func Stubs(fsys fs.FS, req StubRequest) ([]Op, error) {
	files := req.Files
	if req.Capability != "" {
		f, err := findFile(files, req.Capability)
		if err != nil {
			return nil, err
		}
		files = []spec.File{f}
	}
	var ops []Op
	var exists []string
	for _, f := range files {
		testType := capabilityTestType(fsys, f.Capability, req.TestType)
		scenarios, _ := spec.Dedupe(f.Scenarios)
		wanted := scenarios
		if !req.AllMissing {
			var err error
			if wanted, err = pick(scenarios, req.IDs); err != nil {
				return nil, err
			}
		}
		for _, s := range wanted {
			if s.ID == "" {
				continue // no file name: ah check reports empty-scenario-id
			}
			p := contract.Path(config.Dir, f.Capability, s.ID)
			if present(fsys, p) {
				if !req.AllMissing {
					exists = append(exists, p)
				}
				continue
			}
			ops = append(ops, Op{Path: p, Data: Stub(s.ID, s.Title, req.Version, testType), Create: true})
		}
	}
	if len(exists) > 0 {
		return nil, &ExistsError{Paths: exists, Why: "a contract exists already (edit it instead)"}
	}
	return ops, nil
}

// capabilityTestType is the test type a capability's stubs suggest: the
// one its contracts bind most (ties by name), so a stub in the python half
// of a mixed repository suggests pytest; fallback when it has none.
func capabilityTestType(fsys fs.FS, capability, fallback string) string {
	entries, err := fs.ReadDir(fsys, path.Join(config.Dir, capability))
	if err != nil {
		return fallback
	}
	count := map[string]int{}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".toml") {
			continue
		}
		p := path.Join(config.Dir, capability, e.Name())
		data, err := repofs.ReadFile(fsys, p, repofs.ContractLimit)
		if err != nil {
			continue
		}
		c, _ := contract.Decode(p, data)
		for _, t := range c.Tests {
			count[t.Type]++
		}
	}
	best := fallback
	for _, t := range slices.Sorted(maps.Keys(count)) {
		if count[t] > count[best] {
			best = t
		}
	}
	return best
}

// findFile returns the deployed spec of capability.
func findFile(files []spec.File, capability string) (spec.File, error) {
	var known []string
	for _, f := range files {
		if f.Skipped == nil && f.Capability == capability {
			return f, nil
		}
		if f.Skipped == nil {
			known = append(known, f.Capability)
		}
	}
	return spec.File{}, &UnknownError{What: "capability", Name: capability, Known: known}
}

// pick returns the scenarios named by ids, in the order given.
func pick(scenarios []spec.Scenario, ids []string) ([]spec.Scenario, error) {
	var out []spec.Scenario
	for _, id := range ids {
		i := slices.IndexFunc(scenarios, func(s spec.Scenario) bool { return s.ID == id })
		if i < 0 {
			known := make([]string, 0, len(scenarios))
			for _, s := range scenarios {
				known = append(known, s.ID)
			}
			return nil, &UnknownError{What: "scenario", Name: id, Known: known}
		}
		if !slices.ContainsFunc(out, func(s spec.Scenario) bool { return s.ID == id }) {
			out = append(out, scenarios[i])
		}
	}
	return out, nil
}

// present reports whether name exists (a file, a directory or anything
// else that a write would clobber).
func present(fsys fs.FS, name string) bool {
	_, err := fs.Stat(fsys, name)
	return !errors.Is(err, fs.ErrNotExist)
}
