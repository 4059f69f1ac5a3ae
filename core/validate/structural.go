package validate

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"reflect"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/archetype"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/derivation"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/overlay"
	"github.com/espectacular/ah/core/parallel"
	"github.com/espectacular/ah/core/repofs"
	"github.com/espectacular/ah/core/shellword"
	"github.com/espectacular/ah/core/spec"
)

// MaxFileName is the longest file name, in bytes, that common file systems
// accept (NAME_MAX on Linux, macOS and the BSDs).
const MaxFileName = 255

// Ready is a unit whose contract passed every structural check, ready
// to run.
type Ready struct {
	// Unit and Contract point into the resolved scope and the contracts
	// read: a copy of each per ready unit was most of the check's peak
	// memory on a large corpus (issue 29).
	*Unit
	Contract *Kept
	// Routes are the routes of Contract.Tests, in order.
	Routes []adapter.Route
}

// Validation is the outcome of the validate stage.
type Validation struct {
	Findings []finding.Finding
	Ready    []Ready
	// Waived are the units whose valid contract carries a [waiver], by
	// Unit.Key: never run, never passed (waiver.go).
	Waived map[string]Waived
}

// entryResolver resolves one test entry to its route (adapter.RouteEntry).
type entryResolver func(contract.Entry) (adapter.Route, *adapter.Problem)

// Kept is what the later stages use of a decoded contract (its tests, its
// mutation settings, its waiver, what supersedes it): one is held per
// scenario until validation, and per ready unit to the end of a check
// that runs tests, so the rest of the decoded contract is dropped as soon
// as it was checked, and what few contracts have is kept apart (issue 40).
type Kept struct {
	tests []entry
	// rest is nil for a contract without [quality.mutation], [waiver] and
	// superseded_by.
	rest *keptRest
}

// Tests are the contract's test entries, in order.
func (k *Kept) Tests() []contract.Entry {
	if len(k.tests) == 0 {
		return nil
	}
	out := make([]contract.Entry, len(k.tests))
	for i, e := range k.tests {
		out[i] = e.Entry()
	}
	return out
}

// entry is a contract.Entry as a kept record holds it, in 64 bytes where
// a contract.Entry takes 112: what few entries set (runner, resources,
// exclusive, a timeout beyond 32 bits) is kept apart (issue 40).
type entry struct {
	typ, flags, command string
	index, timeout      int32
	rest                *entryRest
}

// entryRest is what few entries set.
type entryRest struct {
	runner    string
	resources []string
	exclusive bool
	// wide: index and timeout are these, not the entry's.
	wide           bool
	index, timeout int
}

// compact is e as a kept record holds it.
func compact(e contract.Entry) entry {
	out := entry{typ: e.Type, flags: e.Flags, command: e.Command, index: int32(e.Index), timeout: int32(e.TimeoutSeconds)}
	wide := int(out.index) != e.Index || int(out.timeout) != e.TimeoutSeconds
	if e.Runner != "" || e.Resources != nil || e.Exclusive || wide {
		out.rest = &entryRest{runner: e.Runner, resources: e.Resources, exclusive: e.Exclusive}
		if wide {
			out.index, out.timeout = 0, 0
			out.rest.wide, out.rest.index, out.rest.timeout = true, e.Index, e.TimeoutSeconds
		}
	}
	return out
}

// Entry is e as contract.Entry.
func (e entry) Entry() contract.Entry {
	out := contract.Entry{Type: e.typ, Index: int(e.index), Flags: e.flags, Command: e.command, TimeoutSeconds: int(e.timeout)}
	if r := e.rest; r != nil {
		out.Runner, out.Resources, out.Exclusive = r.runner, r.resources, r.exclusive
		if r.wide {
			out.Index, out.TimeoutSeconds = r.index, r.timeout
		}
	}
	return out
}

// keptRest is what few contracts have.
type keptRest struct {
	mutation     contract.Mutation
	waiver       *contract.Waiver
	supersededBy string
}

// Mutation is the contract's [quality.mutation].
func (k *Kept) Mutation() contract.Mutation {
	if k.rest == nil {
		return contract.Mutation{}
	}
	return k.rest.mutation
}

// Waiver is the contract's [waiver], nil when it has none.
func (k *Kept) Waiver() *contract.Waiver {
	if k.rest == nil {
		return nil
	}
	return k.rest.waiver
}

// SupersededBy is the contract's superseded_by when its status is
// superseded, else "".
func (k *Kept) SupersededBy() string {
	if k.rest == nil {
		return ""
	}
	return k.rest.supersededBy
}

// keep is the part of c the later stages use.
func keep(c contract.Contract) Kept {
	k := Kept{}
	if len(c.Tests) > 0 {
		k.tests = make([]entry, len(c.Tests))
		for i, e := range c.Tests {
			k.tests[i] = compact(e)
		}
	}
	rest := keptRest{waiver: c.Waiver}
	m := c.Mutation
	mutation := m.Enabled || m.Threshold != nil || m.Args != nil
	if mutation {
		rest.mutation = m
	}
	if c.Status == contract.Superseded {
		rest.supersededBy = c.SupersededBy
	}
	if mutation || rest.waiver != nil || rest.supersededBy != "" {
		k.rest = &rest
	}
	return k
}

// ReadContract is a unit's contract, read and checked on its own
// (checkContract): ok is true when nothing blocks planning its entries.
//
// The results of a whole corpus are held at once, until validation; the
// ready units then point at their contract here.
type ReadContract struct {
	findings []finding.Finding
	// contract is the zero Kept when the file was not read.
	contract Kept
	ok       bool
	// read is true when the file was read. derived then holds what the
	// staleness check (derivation.StaleFindings) needs of it when it
	// records derived_from: that check decodes no contract a second time.
	read    bool
	derived *derivation.Recorded
}

// ReadContracts reads and checks the contract of every unit, in order,
// before any entry is planned: adapter detection gathers its evidence for
// the test types these contracts declare.
//
// Contracts are independent, so they are read and decoded by one worker
// per processor (issue 29: decoding and validating TOML is most of the
// structural check's time); each result lands at its unit's index and the
// first error in unit order wins, so the outcome never depends on timing.
func ReadContracts(fsys fs.FS, units []Unit) ([]ReadContract, error) {
	out := make([]ReadContract, len(units))
	err := parallel.Each(len(units), func(i int) (err error) {
		out[i], err = checkContract(fsys, units[i])
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Checked is the outcome of the checks over the spec trees (CheckSpecs).
type Checked struct {
	findings []finding.Finding
	// blocked are the keys (Unit.Key) of colliding scenarios: never ready.
	blocked map[string]bool
}

// CheckSpecs reports what the spec trees of a resolved scope say
// (unclosed blocks, near-miss headings, requirement blocks, id
// collisions): drawn as each deployed spec was read (keepSpec), or from
// the trees resolve kept for the overlay of changes, which it then drops
// (spec.File.Outline): the contract stage needs only the units and the
// spec paths, so a large corpus never holds every spec tree while its
// contracts are decoded (issue 40).
func CheckSpecs(cfg config.Config, r *Resolved) Checked {
	var out []finding.Finding
	var trees []spec.File
	for _, f := range r.files {
		if fs, drawn := r.treeFindings[f.Path]; drawn {
			out = append(out, fs...)
		} else {
			trees = append(trees, f)
		}
	}
	out = append(out, specFindings(cfg, trees)...)
	blocked := map[string]bool{}
	for _, c := range r.collisions {
		f := finding.New(finding.SlugCollision, fmt.Sprintf(
			"scenarios %q (line %d) and %q (line %d) of %s both have the id %q but different bodies; rename one of them%s",
			c.First.Title, c.First.Line, c.Second.Title, c.Second.Line, c.specPath, c.Second.ID, qualifyFix(cfg, c)))
		f.ContractPath = c.contract
		out = append(out, f.WithScenario(c.capability, c.specPath, scenarioOf(c.Second)))
		blocked[c.capability+"/"+c.Second.ID] = true
	}
	if len(trees) == 0 {
		return Checked{findings: out, blocked: blocked}
	}
	outlines := make([]spec.File, len(r.files))
	for i, f := range r.files {
		outlines[i] = f.Outline()
	}
	r.files = outlines
	for i := range r.Units {
		r.Units[i].Scenario = detached(r.Units[i].Scenario)
	}
	return Checked{findings: out, blocked: blocked}
}

// specFindings are the findings drawn from the trees of files.
func specFindings(cfg config.Config, files []spec.File) []finding.Finding {
	out := append(fileFindings(files), malformedHeadings(files)...)
	out = append(out, duplicateRequirements(files)...)
	return append(out, outsideRequirements(files, cfg.Specs)...)
}

// detached is s with its strings in one allocation of their own: a
// scenario's title and body are slices of its spec's text, which would
// otherwise stay alive, whole, for as long as the unit (issue 40).
func detached(s spec.Scenario) spec.Scenario {
	joined := s.ID + s.Title + s.Body
	id, title := len(s.ID), len(s.ID)+len(s.Title)
	s.ID, s.Title, s.Body = joined[:id], joined[id:title], joined[title:]
	return s
}

// Validate runs the correspondence and contract checks over a resolved
// scope whose spec trees were checked (checked) and whose contracts were
// read (read[i] is r.Units[i]'s). It returns the findings and the units
// that may run their tests.
func Validate(cfg config.Config, r Resolved, checked Checked, read []ReadContract, resolveEntry entryResolver) Validation {
	out, blocked := checked.findings, checked.blocked
	// The contract paths the units claim, sorted: a map of every path was
	// a tenth of the check's peak heap on a large corpus (issue 40).
	claimed := make([]string, 0, len(r.Units))
	var shared routeLists
	ready := make([]Ready, 0, len(r.Units))
	waived := map[string]Waived{}
	for i := range r.Units {
		u := &r.Units[i]
		claimed = append(claimed, u.ContractPath)
		isBlocked := len(blocked) > 0 && blocked[u.Key()]
		if w := read[i].contract.Waiver(); read[i].ok && w != nil && !isBlocked {
			// Its tests are not run: no runner need resolve them.
			waived[u.Key()] = Waived{*u, *w}
			out = append(out, read[i].findings...)
			out = append(out, danglingFindings(*u)...)
			continue
		}
		v, fs, ok := checkUnit(u, &read[i], resolveEntry, &shared)
		out = append(out, fs...)
		out = append(out, danglingFindings(*u)...)
		if f, missing := missingReplacement(r, v); missing {
			out = append(out, f)
			ok = false
		}
		if ok && !isBlocked {
			ready = append(ready, v)
		}
	}
	slices.Sort(claimed)
	isClaimed := func(p string) bool { _, ok := slices.BinarySearch(claimed, p); return ok }
	for _, f := range r.refused {
		if !isClaimed(f.ContractPath) { // else reported with its scenario
			out = append(out, f)
		}
	}
	out = append(out, r.overlay.findings...)
	for _, p := range r.contracts {
		if isClaimed(p) || r.derived[p] || r.overlay.claimed[p] {
			continue
		}
		out = append(out, orphan(cfg, r, p))
	}
	contract.PairRenames(config.Dir, out)
	return Validation{Findings: out, Ready: ready, Waived: waived}
}

// qualifyFix offers [scenarios] qualify_colliding_ids when it resolves the
// collision c (issue 28): the two scenarios are under different
// requirements, and the option is not set yet. It names the command that
// then stubs the second, and the [scope] include entry it then needs when
// the scope names the shared id only (an adoption trial found the option
// and then no way forward).
func qualifyFix(cfg config.Config, c collision) string {
	q, req := c.qualified, c.requirement
	if cfg.QualifyCollidingIDs || q == "" {
		return ""
	}
	then := ""
	if !cfg.Scope.In(c.capability, q) {
		then = fmt.Sprintf("add %q to [scope] include, and ", c.capability+"/"+q)
	}
	return fmt.Sprintf(", or set qualify_colliding_ids = true under [scenarios] in %s: the second then gets the id %q (its requirement %q qualifies it) and the contract %s (then %s`ah contract new %s %s` writes its stub)",
		config.Path, q, req, contract.Path(config.Dir, c.capability, q), then, c.capability, q)
}

// checkUnit validates one scenario's contract. ok is true when nothing
// blocks running its tests (warnings do not block); the unit then carries
// the route of each entry.
func checkUnit(u *Unit, read *ReadContract, resolveEntry entryResolver, shared *routeLists) (Ready, []finding.Finding, bool) {
	out, c, ok := slices.Clone(read.findings), &read.contract, read.ok
	v := Ready{Unit: u, Contract: c}
	if !ok {
		return v, out, false
	}
	routes := shared.scratch[:0]
	for _, e := range c.Tests() {
		p, problem := resolveEntry(e)
		if problem != nil {
			out = append(out, unitFinding(*u, problem.Kind, problem.Message))
			ok = false
		}
		routes = append(routes, p)
	}
	shared.scratch = routes
	v.Routes = shared.share(routes)
	return v, out, ok
}

// routeLists hands out the route lists of the units validated one after
// another: the units of a corpus mostly resolve to the same routes (one
// framework, one runner), and one list is then held for all of them
// rather than one per unit (issue 40). Plan lists are never written once
// made.
type routeLists struct {
	// last is the list handed out last; scratch is where the next is
	// resolved.
	last, scratch []adapter.Route
}

// share returns a list equal to routes that outlives the next call: the
// last one when it is equal, else a copy.
func (l *routeLists) share(routes []adapter.Route) []adapter.Route {
	if l.last == nil || !slices.EqualFunc(l.last, routes, sameRoute) {
		l.last = slices.Clone(routes)
	}
	return l.last
}

// sameRoute reports whether two routes are equal. Drivers are compared only
// when their type is comparable (== would panic on another).
func sameRoute(a, b adapter.Route) bool {
	if a.Kind != b.Kind || a.CustomName != b.CustomName || a.Source != b.Source || a.Version != b.Version || a.Install != b.Install || !slices.Equal(a.Command, b.Command) {
		return false
	}
	if a.Driver == nil || b.Driver == nil {
		return a.Driver == nil && b.Driver == nil
	}
	t := reflect.TypeOf(a.Driver)
	return t == reflect.TypeOf(b.Driver) && t.Comparable() && a.Driver == b.Driver
}

// unitFinding is a finding about unit u's contract.
func unitFinding(u Unit, k finding.Kind, msg string) finding.Finding {
	f := finding.New(k, msg)
	f.ContractPath = u.ContractPath
	return f.WithScenario(u.Capability, u.SpecPath, scenarioOf(u.Scenario))
}

// checkContract reads and decodes a unit's contract and checks it on its
// own; ok is true when nothing blocks resolving its entries.
func checkContract(fsys fs.FS, u Unit) (ReadContract, error) {
	fail := func(f finding.Finding) (ReadContract, error) {
		return ReadContract{findings: []finding.Finding{f}}, nil
	}
	at := func(k finding.Kind, msg string) finding.Finding { return unitFinding(u, k, msg) }
	if u.Scenario.ID == "" {
		f := at(finding.EmptyScenarioID, fmt.Sprintf(
			"the scenario heading at %s:%d has no letter or digit in its title %q, so it has no id and no contract file name: give it a descriptive title",
			u.SpecPath, u.Scenario.Line, u.Scenario.Title))
		f.ContractPath = "" // there is no file name to point at
		return fail(f)
	}
	if n := len(path.Base(u.ContractPath)); n > MaxFileName {
		// No file can have this name: reading it fails with "file name too
		// long", which would stop the whole gate.
		f := at(finding.NoTOML, fmt.Sprintf(
			"scenario %q has an id of %d bytes: its contract file name would be longer than the %d bytes file systems allow; shorten the title",
			u.Scenario.Title, len(u.Scenario.ID), MaxFileName))
		f.ContractPath = "" // there is no file name to point at
		return fail(f)
	}
	data, err := repofs.ReadFile(fsys, u.ContractPath, repofs.ContractLimit)
	if refused(err) {
		f := refusedContract("", err)
		return fail(f.WithScenario(u.Capability, u.SpecPath, scenarioOf(u.Scenario)))
	}
	if err != nil {
		if !isNotExist(err) && isDir(fsys, u.ContractPath) {
			return fail(at(finding.MalformedContract, fmt.Sprintf(
				"%s is a directory, not a contract file: move it away and create the contract there", u.ContractPath)))
		}
		if isNotExist(err) {
			msg := fmt.Sprintf("scenario %q has no contract: create %s with id = %q and at least one [[tests.<type>]] entry",
				u.Scenario.Title, u.ContractPath, u.Scenario.ID)
			step := stubCommand(u)
			if step != nil {
				msg += fmt.Sprintf(" (`%s` writes a stub to start from)", *step)
			}
			f := at(finding.NoTOML, msg)
			f.Step = step
			return fail(f)
		}
		return ReadContract{}, fmt.Errorf("read contract %s: %w", u.ContractPath, err)
	}
	c, doc, problems := contract.DecodeDoc(u.ContractPath, data)
	var out []finding.Finding
	for _, p := range problems {
		out = append(out, at(p.Kind, p.Message))
	}
	if want := u.contractID(); c.ID != "" && c.ID != want {
		out = append(out, at(finding.IDMismatch, idMismatch(u, c.ID, want)))
	}
	switch {
	case len(c.Tests) > 0 || hasProblem(problems, finding.MalformedContract) || c.Waiver != nil:
	case u.Property != "":
		out = append(out, untestedProperty(u))
	default:
		out = append(out, at(finding.NoTestsDeclared, fmt.Sprintf(
			"%s declares no tests: add a [[tests.<type>]] entry that runs the test proving this scenario", u.ContractPath)))
	}
	blocking := slices.ContainsFunc(out, finding.Finding.Blocking)
	out = append(out, warnings(u, c, at, hasProblem(problems, finding.MalformedContract))...)
	for _, e := range c.Tests {
		for _, kv := range [][2]string{{"command", e.Command}, {"flags", e.Flags}} {
			if key, arg := kv[0], kv[1]; strings.ContainsRune(arg, 0) {
				// exec cannot pass it: the test would fail to start with
				// "invalid argument".
				out = append(out, at(finding.MalformedContract, fmt.Sprintf(
					`%s: tests.%s[%d].%s contains a NUL byte (\u0000), which no program argument can hold`, u.ContractPath, e.Type, e.Index, key)))
				blocking = true
			}
		}
		if e.Type == contract.ShellType || e.Flags == "" {
			continue
		}
		if _, err := shellword.Split(e.Flags); err != nil {
			out = append(out, at(finding.MalformedContract, fmt.Sprintf(
				"%s: tests.%s[%d].flags %q cannot be split into arguments: %v", u.ContractPath, e.Type, e.Index, e.Flags, err)))
			blocking = true
		}
	}
	rc := ReadContract{findings: out, contract: keep(c), ok: !blocking, read: true}
	if r, ok := derivation.RecordedOf(u.ContractPath, data, doc); ok {
		rc.derived = &r
	}
	return rc, nil
}

func isDir(fsys fs.FS, name string) bool {
	fi, err := fs.Stat(fsys, name)
	return err == nil && fi.IsDir()
}

// warnings are the non-blocking contract findings.
// malformed: the contract is malformed-contract already, so an archetype
// it may lack is no news.
func warnings(u Unit, c contract.Contract, at func(finding.Kind, string) finding.Finding, malformed bool) []finding.Finding {
	var out []finding.Finding
	if c.FalsifiabilityClass == "liveness" && len(c.Tests) > 0 && !c.HasTimeout() {
		out = append(out, at(finding.MissingLivenessTimeout, fmt.Sprintf(
			"%s is a liveness contract but no test entry sets timeout_seconds: a liveness claim is only falsifiable under a bound, so add timeout_seconds to its tests", u.ContractPath)))
	}
	if c.Archetype == "" && !malformed {
		// Issue 39: the predecessor's `ah scenario new` wrote this stub
		// and never validated it; it is unassigned, not malformed.
		out = append(out, at(finding.UnknownArchetype, fmt.Sprintf(
			"%s has archetype = \"\": unassigned (the stub the predecessor's ah scenario new wrote); set it to one of %v (see `ah type`)", u.ContractPath, archetype.Codes())))
	}
	if c.Archetype != "" && !archetype.Valid(c.Archetype) {
		out = append(out, at(finding.UnknownArchetype, fmt.Sprintf(
			"%s has archetype = %q, which is not one of %v (see `ah type`)", u.ContractPath, c.Archetype, archetype.Codes())))
	}
	return out
}

func orphan(cfg config.Config, r Resolved, p string) finding.Finding {
	capability, id, _ := contract.Split(config.Dir, p)
	specPath := path.Join(cfg.Specs, capability, "spec.md")
	where := "in " + specPath
	if !slices.ContainsFunc(r.files, func(f spec.File) bool { return f.Path == specPath }) {
		// issue 8: never point at a file that does not exist.
		where = fmt.Sprintf("(capability %q has no spec: there is no %s)", capability, specPath)
	}
	fix := "delete or rename the contract, or restore the scenario"
	var homes []string
	for _, u := range r.Units {
		if u.Scenario.ID == id && u.Capability != capability {
			homes = append(homes, fmt.Sprintf("%s (line %d), whose contract is %s", u.SpecPath, u.Scenario.Line, u.ContractPath))
		}
	}
	if len(homes) > 0 {
		// issue 8: a contract in the wrong capability folder.
		fix = "a scenario with this id is in " + strings.Join(homes, " and in ") + ": move the contract there, or delete it"
	}
	f := finding.New(finding.OrphanTOML, fmt.Sprintf("%s has no matching scenario %q %s: %s", p, id, where, fix))
	f.ContractPath = p
	f.Spec, f.SpecPath = capability, specPath
	return f
}

func scenarioOf(s spec.Scenario) finding.ScenarioRef {
	line := s.Line
	return finding.ScenarioRef{ID: s.ID, Title: s.Title, BodyMarkdown: s.Body, Line: &line}
}

func hasProblem(ps []contract.Problem, k finding.Kind) bool {
	return slices.ContainsFunc(ps, func(p contract.Problem) bool { return p.Kind == k })
}

// stubCommand is the step of a no-toml finding: `ah contract new`
// writes the missing contract as a stub (issue 11), deployed or, with
// --change, staged in the change whose scenario it is.
func stubCommand(u Unit) *string {
	argv := overlay.StubArgv(u.ContractPath, u.Capability, u.Scenario.ID)
	if argv == nil {
		return nil
	}
	c := shellword.Quote(argv)
	return &c
}

// TestTypes are the test types the contracts in scope declare, sorted:
// those whose entries will be planned (their contract has no blocking
// problem).
func TestTypes(read []ReadContract) []string {
	seen := map[string]bool{} // a few types, however many contracts
	for _, r := range read {
		if !r.ok {
			continue
		}
		for _, e := range r.contract.tests {
			seen[e.typ] = true
		}
	}
	return slices.Sorted(maps.Keys(seen))
}

func isNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }
