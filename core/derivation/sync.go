package derivation

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/repofs"
	"github.com/espectacular/ah/core/schema"
	"github.com/espectacular/ah/core/spec"
	"github.com/espectacular/ah/core/unit"
	"github.com/espectacular/ah/ports"
)

// State of a derived contract relative to its row.
type State string

// States.
const (
	Missing State = "missing"
	Stale   State = "stale"
	Fresh   State = "fresh"
	// Orphaned is a derived contract (a non-empty derived_from) whose
	// Properties row is gone, or whose whole spec is.
	Orphaned State = "orphaned"
)

// Refusal kinds: each has an `ah explain` topic.
const (
	SpkUnavailable    = "spk-unavailable"
	SpkLintDirty      = "spk-lint-dirty"
	SpkFailed         = "spk-failed"
	MalformedContract = "malformed-contract"
	SlugCollision     = "slug-collision"
	// NotDerived: a row's contract path holds a contract ah sync did not
	// derive from that row (written by hand, or derived from another row).
	NotDerived = "not-derived"
	// EmptySlug: a row's id has no letter or digit to name a contract.
	EmptySlug = "empty-slug"
)

// Contract is one derived contract and what sync found (and, unless
// checking, did) about it.
type Contract struct {
	Capability, SpecPath, ContractPath string
	Property, DerivedFrom              string
	State                              State
	// Owned and Message are set for an orphaned contract only: why a
	// person owns it ("" when Apply deletes it, see Owned) and what sync
	// does with it, naming the file and the fixes.
	Owned, Message string
	// data is the content of a missing contract; fields the derived
	// fields a stale one is refreshed to.
	data   []byte
	fields Fields
}

// Refusal is a spec, or the whole run, that sync would not derive from.
type Refusal struct {
	Kind string
	// SpecPath is empty for a refusal of the whole run (spk-unavailable).
	SpecPath string
	// Rules are the spk lint rule ids, de-duplicated in encounter order.
	Rules   []string
	Message string
}

// Result is the outcome of Sync.
type Result struct {
	Contracts []Contract
	Refusals  []Refusal
}

// Options configure a sync.
type Options struct {
	// AuthoredWith is written into new contracts (the running ah version).
	AuthoredWith string
	// Capabilities limit the sync to these capabilities and those nested
	// under them, selected as ah check selects them (unit.Select); the
	// specs of the others are not read. None means every capability.
	Capabilities []string
}

// Derive derives the contracts of every selected source spec without
// writing anything. spk runs only when a selected source exists. A
// capability argument naming nothing is a *unit.UnknownError.
func Derive(ctx context.Context, fsys fs.FS, cfg config.Config, spk ports.Spk, opts Options) (Result, error) {
	files, err := spec.DiscoverLimit(fsys, cfg.Specs, cfg.SpecBytes())
	if err != nil {
		return Result{}, err
	}
	derived, err := derivedFiles(fsys)
	if err != nil {
		return Result{}, err
	}
	if files, derived, err = selectScope(files, derived, opts.Capabilities); err != nil {
		return Result{}, err
	}
	sources, err := Sources(fsys, files, cfg.SpecBytes())
	if err != nil {
		return Result{}, err
	}
	var res Result
	parsed := map[string]bool{} // specs whose rows spk reported
	if len(sources) > 0 {
		if r := checkVersion(ctx, spk, cfg.Spk.Version); r != nil {
			return Result{Refusals: []Refusal{*r}}, nil
		}
	}
	for _, src := range sources {
		cs, r, err := planSpec(ctx, fsys, spk, src, opts)
		if err != nil {
			return Result{}, err
		}
		if r != nil && r.Kind == SpkUnavailable {
			r.SpecPath = "" // the whole run is refused
			return Result{Refusals: []Refusal{*r}}, nil
		}
		if r != nil {
			res.Refusals = append(res.Refusals, *r)
			continue
		}
		parsed[src.SpecPath] = true
		res.Contracts = append(res.Contracts, cs...)
	}
	res.Contracts = append(res.Contracts, orphans(fsys, cfg, files, derived, res.Contracts, parsed)...)
	slices.SortStableFunc(res.Contracts, func(a, b Contract) int { return strings.Compare(a.ContractPath, b.ContractPath) })
	return res, nil
}

// selectScope keeps the spec files and derived contracts of the
// capabilities args select. A capability whose spec is gone but whose
// derived contracts remain can still be named, to deal with its orphans.
func selectScope(files []spec.File, derived []derivedFile, args []string) ([]spec.File, []derivedFile, error) {
	caps := map[string]bool{}
	for _, f := range files {
		caps[f.Capability] = true
	}
	for _, d := range derived {
		caps[d.capability] = true
	}
	sel, err := unit.Select(caps, nil, args)
	if err != nil {
		return nil, nil, err
	}
	files = slices.DeleteFunc(files, func(f spec.File) bool { return !sel.Whole(f.Capability) })
	derived = slices.DeleteFunc(derived, func(d derivedFile) bool { return !sel.Whole(d.capability) })
	return files, derived, nil
}

// Unavailable is the refusal of a run without a usable spk; VersionError
// reports a pinned version that differs from the installed one.
func Unavailable(err error) *Refusal {
	return &Refusal{Kind: SpkUnavailable, Message: fmt.Sprintf(
		"%v; ah sync needs it to derive contracts: install specodelic (the spk binary) from its release archives or Homebrew tap, or set [spk] command in %s to the program running it",
		err, config.Path)}
}

func checkVersion(ctx context.Context, spk ports.Spk, pin string) *Refusal {
	if pin == "" {
		return nil
	}
	v, err := spk.Version(ctx)
	if errors.Is(err, ports.ErrSpkUnavailable) {
		return Unavailable(err)
	}
	if err != nil {
		return &Refusal{Kind: SpkFailed, Message: err.Error()}
	}
	if v != pin {
		return &Refusal{Kind: SpkUnavailable, Message: fmt.Sprintf(
			"spk %s is installed but [spk] version in %s pins %s: install spk %s, or change the pin after reviewing the derived contracts",
			v, config.Path, pin, pin)}
	}
	return nil
}

// planSpec lints, parses and derives one spec.
func planSpec(ctx context.Context, fsys fs.FS, spk ports.Spk, src Source, opts Options) ([]Contract, *Refusal, error) {
	refuse := func(kind, msg string, rules ...string) ([]Contract, *Refusal, error) {
		return nil, &Refusal{Kind: kind, SpecPath: src.SpecPath, Rules: rules, Message: msg}, nil
	}
	lint, err := spk.Lint(ctx, src.SpecPath)
	if r, ok := spkRefusal(err); ok {
		r.SpecPath = src.SpecPath
		return nil, r, nil
	} else if err != nil {
		return nil, nil, err
	}
	if !lint.Clean {
		rules := ruleIDs(lint.Issues)
		return refuse(SpkLintDirty, fmt.Sprintf(
			"%s is not spk lint-clean (%s): nothing is derived from it; fix the spec (`spk lint %s --json` lists each issue) and run ah sync again",
			src.SpecPath, strings.Join(rules, ", "), src.SpecPath), rules...)
	}
	parsed, err := spk.Parse(ctx, src.SpecPath)
	if r, ok := spkRefusal(err); ok {
		r.SpecPath = src.SpecPath
		return nil, r, nil
	} else if err != nil {
		return nil, nil, err
	}
	var out []Contract
	seen := map[string]string{}
	for _, d := range FromSpec(parsed, src.FileID) {
		p := ContractPath(src.Capability, d.Property)
		if prev, ok := seen[p]; ok {
			return refuse(SlugCollision, fmt.Sprintf(
				"properties %q and %q of %s both derive %s: rename one of them", prev, d.Property, src.SpecPath, p))
		}
		seen[p] = d.Property
		if d.Fields.ID == "" {
			return refuse(EmptySlug, fmt.Sprintf(
				"property %q of %s has no letter or digit to name its contract: give it an id such as P-name; nothing was written", d.Property, src.SpecPath))
		}
		c := Contract{Capability: src.Capability, SpecPath: src.SpecPath, ContractPath: p, Property: d.Property, DerivedFrom: d.Fields.DerivedFrom}
		if err := c.compare(fsys, d.Fields, opts.AuthoredWith); err != nil {
			if nd, ok := errors.AsType[*notDerivedError](err); ok {
				return refuse(NotDerived, fmt.Sprintf(
					"property %q of %s derives %s, which ah sync did not derive from it (derived_from = %q): rename the property, or move that contract aside; nothing was written",
					d.Property, src.SpecPath, p, nd.from))
			}
			return refuse(MalformedContract, err.Error())
		}
		out = append(out, c)
	}
	return out, nil, nil
}

// compare sets the contract's state and the content to write.
func (c *Contract) compare(fsys fs.FS, f Fields, authoredWith string) error {
	old, err := repofs.ReadFile(fsys, c.ContractPath, repofs.ContractLimit)
	if errors.Is(err, fs.ErrNotExist) {
		c.State, c.data = Missing, Render(f, authoredWith)
		return nil
	}
	if err != nil {
		return fmt.Errorf("read %s: %v", c.ContractPath, err)
	}
	doc, err := schema.DecodeTOML(old)
	if err != nil {
		return fmt.Errorf("%s is not valid TOML (%v): fix it, or delete it to have ah sync derive it again", c.ContractPath, err)
	}
	if from, _ := doc["derived_from"].(string); (derivedFile{derivedFrom: from}).property() != c.Property {
		// Someone else's contract: a person's words are never rewritten.
		return &notDerivedError{from: from}
	}
	if Current(doc) == f {
		c.State = Fresh
		return nil
	}
	if _, err := Refresh(old, f); err != nil {
		return fmt.Errorf("%s: %v", c.ContractPath, err)
	}
	// Proven editable now; Apply edits the bytes it finds then.
	c.State, c.fields = Stale, f
	return nil
}

// notDerivedError is a contract at a row's path that does not record
// that row in derived_from.
type notDerivedError struct{ from string }

func (e *notDerivedError) Error() string {
	return "not derived from this row: derived_from = " + e.from
}

// spkRefusal turns a spk failure into a refusal; ok is false for other
// errors (cancellation), which stop the run.
func spkRefusal(err error) (*Refusal, bool) {
	var se *ports.SpkError
	switch {
	case err == nil:
		return nil, false
	case errors.Is(err, ports.ErrSpkUnavailable):
		return Unavailable(err), true
	case errors.As(err, &se):
		return &Refusal{Kind: SpkFailed, Message: se.Error()}, true
	}
	return nil, false
}

func ruleIDs(issues []ports.SpkIssue) []string {
	var out []string
	for _, i := range issues {
		id := i.RuleID
		if id == "" {
			id = "unknown-rule"
		}
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}
