// Package evidence is the proof that outlives a run (issue 41): the
// snapshot ah check --run-tests --evidence writes, the judgement of ah
// verify (which contracts of the current tree it still proves) and what
// ah check --carry carries. A snapshot is input: it is refused when
// malformed, schema-invalid or when its content no longer matches its
// digest, never read as a pass.
package evidence

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/report"
	"github.com/espectacular/ah/core/schema"
	"github.com/espectacular/ah/schemas"
)

// Format is the snapshot format version this ah writes and reads.
const Format = 1

// Snapshot is the evidence of one run. Everything in it is sorted and
// free of durations and absolute paths, so identical runs write
// byte-identical snapshots.
type Snapshot struct {
	Format    int    `json:"format"`
	AHVersion string `json:"ah_version"`
	// Tree is the git tree id of HEAD the run proved; Dirty the
	// uncommitted files on top of it (empty when clean).
	Tree  string  `json:"tree"`
	Dirty []Dirty `json:"dirty"`
	// Config is "sha256:<hex>" of the config file's bytes.
	Config string `json:"config"`
	// Contracts are the contracts in scope, sorted by key.
	Contracts []Contract `json:"contracts"`
	// Digest is "sha256:<hex>" of the canonical bytes of everything else
	// (Canonical).
	Digest string `json:"digest"`
}

// Dirty is one uncommitted file: its content's sha256, or Deleted.
type Dirty struct {
	Path    string `json:"path"`
	SHA256  string `json:"sha256,omitempty"`
	Deleted bool   `json:"deleted,omitempty"`
}

// Contract is the verdict of one contract in scope.
type Contract struct {
	Key string `json:"key"`
	// Verdict is the unit status of the run (passed, failed, not_run,
	// valid, invalid, waived); a carried contract keeps "passed".
	Verdict string `json:"verdict"`
	// CarriedFrom is the tree whose run proved a carried verdict (ah check
	// --carry); empty when this run proved it.
	CarriedFrom string    `json:"carried_from,omitempty"`
	Bindings    []Binding `json:"bindings"`
}

// Binding is one test binding of a contract: its verdict, what the
// verdict rests on (the report's evidence kind), the tests that proved
// it (framework identities) and the argv that ran.
type Binding struct {
	Ref      string   `json:"ref"`
	Verdict  string   `json:"verdict"`
	Evidence string   `json:"evidence"`
	Tests    []string `json:"tests"`
	Argv     []string `json:"argv"`
}

// State is the repository state a snapshot is bound to.
type State struct {
	Tree   string
	Dirty  []Dirty
	Config string
}

// StateOf completes a state: the sha256 of every dirty path (paths
// relative to the repository root, read from fsys; a missing one is
// deleted) and of the config file.
func StateOf(fsys fs.FS, tree string, dirty []string) State {
	st := State{Tree: tree, Dirty: []Dirty{}, Config: digestOf(fsys, config.Path)}
	for _, p := range slices.Sorted(slices.Values(dirty)) {
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			st.Dirty = append(st.Dirty, Dirty{Path: p, Deleted: true})
			continue
		}
		sum := sha256.Sum256(data)
		st.Dirty = append(st.Dirty, Dirty{Path: p, SHA256: hex.EncodeToString(sum[:])})
	}
	st.Dirty = slices.CompactFunc(st.Dirty, func(a, b Dirty) bool { return a.Path == b.Path })
	return st
}

func digestOf(fsys fs.FS, name string) string {
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(data)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// Of builds the snapshot of a check report run in state st. prev is the
// snapshot the run carried from (nil without --carry): a carried
// contract keeps the bindings that proved it there and names the tree.
func Of(rep report.Report, st State, version string, prev *Snapshot) Snapshot {
	s := Snapshot{Format: Format, AHVersion: version, Tree: st.Tree, Dirty: st.Dirty, Config: st.Config, Contracts: []Contract{}}
	if s.Dirty == nil {
		s.Dirty = []Dirty{}
	}
	execs := map[string]report.Execution{}
	if rep.Executions != nil {
		for _, ex := range *rep.Executions {
			for _, ref := range ex.Bindings {
				execs[ref] = ex
			}
		}
	}
	units := rep.Units
	if len(units) == 0 {
		units = unitsOf(execs)
	}
	for _, u := range units {
		key := u.Capability + "/" + u.Scenario.ID
		if u.Status == report.UnitCarried && prev != nil {
			if c, ok := prev.Contract(key); ok {
				if c.CarriedFrom == "" {
					c.CarriedFrom = prev.Tree
				}
				s.Contracts = append(s.Contracts, c)
				continue
			}
		}
		c := Contract{Key: key, Verdict: u.Status, Bindings: []Binding{}}
		for _, b := range u.Bindings {
			ex := execs[b.Ref]
			nb := Binding{Ref: b.Ref, Verdict: b.Verdict, Evidence: b.Evidence, Tests: []string{}, Argv: nonNil(ex.Argv)}
			for _, t := range ex.Tests {
				nb.Tests = append(nb.Tests, t.ID)
			}
			slices.Sort(nb.Tests)
			c.Bindings = append(c.Bindings, nb)
		}
		s.Contracts = append(s.Contracts, c)
	}
	slices.SortFunc(s.Contracts, func(a, b Contract) int { return strings.Compare(a.Key, b.Key) })
	s.Digest = digest(s)
	return s
}

// unitsOf rebuilds the units that ran from the executions, for a report
// read back from JSON (ah merge), which lists no units: a contract passed
// when every binding it has there passed. A contract without an
// execution (a structural finding, or not selected) is left out, so ah
// verify finds it stale.
func unitsOf(execs map[string]report.Execution) []report.Unit {
	byKey := map[string]*report.Unit{}
	var keys []string
	for _, ref := range slices.Sorted(maps.Keys(execs)) {
		key, _, ok := strings.Cut(ref, " ")
		capability, id, ok2 := strings.Cut(key, "/")
		if !ok || !ok2 {
			continue
		}
		u := byKey[key]
		if u == nil {
			u = &report.Unit{Capability: capability, Scenario: finding.ScenarioRef{ID: id}, Status: report.UnitPassed}
			byKey[key] = u
			keys = append(keys, key)
		}
		ex := execs[ref]
		u.Bindings = append(u.Bindings, report.Binding{Ref: ref, Verdict: ex.Verdict, Evidence: ex.Evidence})
		switch {
		case ex.Verdict == report.UnitNotRun:
			u.Status = report.UnitNotRun
		case ex.Verdict != report.UnitPassed && u.Status != report.UnitNotRun:
			u.Status = report.UnitFailed
		}
	}
	out := make([]report.Unit, 0, len(keys))
	for _, k := range keys {
		out = append(out, *byKey[k])
	}
	return out
}

// Contract returns the snapshot's contract with this key.
func (s Snapshot) Contract(key string) (Contract, bool) {
	i, ok := slices.BinarySearchFunc(s.Contracts, key, func(c Contract, k string) int { return strings.Compare(c.Key, k) })
	if !ok {
		return Contract{}, false
	}
	return s.Contracts[i], true
}

// Proven reports whether the snapshot holds a proof of the contract: a
// pass none of whose bindings rests on a go test cache replay (evidence
// cache, issue 36: never proven by tests, so never fresh proof either;
// --carry runs it again and ah verify does not count it).
func (s Snapshot) Proven(key string) bool {
	c, ok := s.Contract(key)
	return ok && c.proven()
}

func (c Contract) proven() bool {
	return c.Verdict == report.UnitPassed && !slices.ContainsFunc(c.Bindings, func(b Binding) bool { return b.Evidence == report.EvidenceCache })
}

func nonNil(xs []string) []string {
	if xs == nil {
		return []string{}
	}
	return slices.Clone(xs)
}

// Canonical is the bytes the digest covers: the compact JSON of the
// snapshot without its digest.
func Canonical(s Snapshot) []byte {
	s.Digest = ""
	b, _ := json.Marshal(s) // plain data: cannot fail
	return b
}

func digest(s Snapshot) string {
	sum := sha256.Sum256(Canonical(s))
	return "sha256:" + hex.EncodeToString(sum[:])
}

// Encode is the snapshot as written: indented JSON and a final newline.
func Encode(s Snapshot) []byte {
	b, _ := json.MarshalIndent(s, "", "  ")
	return append(b, '\n')
}

// ErrRefused wraps every reason a snapshot is not read.
var ErrRefused = errors.New("refused")

// Decode reads a snapshot, refusing a malformed or truncated file, one the
// schema rejects, one of another format and one whose content no longer
// matches its digest.
func Decode(data []byte) (Snapshot, error) {
	var raw any
	if err := json.Unmarshal(data, &raw); err != nil {
		return Snapshot{}, fmt.Errorf("%w: not a JSON document (malformed or truncated: %v)", ErrRefused, err)
	}
	problems, err := schema.Validate(schemas.Evidence, raw)
	if err != nil {
		return Snapshot{}, err
	}
	if len(problems) > 0 {
		return Snapshot{}, fmt.Errorf("%w: not an evidence snapshot (%s does not validate: %s)", ErrRefused, schemas.Evidence, problems[0])
	}
	var s Snapshot
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return Snapshot{}, fmt.Errorf("%w: %v", ErrRefused, err)
	}
	if s.Format != Format {
		return Snapshot{}, fmt.Errorf("%w: snapshot format %d, this ah reads format %d", ErrRefused, s.Format, Format)
	}
	if !slices.IsSortedFunc(s.Contracts, func(a, b Contract) int { return strings.Compare(a.Key, b.Key) }) {
		return Snapshot{}, fmt.Errorf("%w: its contracts are not sorted by key, so ah did not write it", ErrRefused)
	}
	if want := digest(s); s.Digest != want {
		return Snapshot{}, fmt.Errorf("%w: its content no longer matches its digest (%s recorded, %s computed): it was edited after ah wrote it", ErrRefused, s.Digest, want)
	}
	return s, nil
}
