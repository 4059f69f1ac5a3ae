package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// selectSafety is the safety benchmark of issues 25 and 35: selection by
// change must never leave out a contract whose tests the change breaks.
// Each framework registers a suite (select_safety_<framework>.go): a
// fixture committed in a fresh git repository and a list of faults (one
// change each: edits, added, deleted or renamed files), many of them in
// what a dependency graph cannot see (embedded files, files read at run
// time, deleted modules, globs in the config). For each fault, left
// uncommitted, `ah check --run-tests --json` (selection by worktree
// change) must select every contract whose tests fail under
// `--all-tests`. It prints per suite the safety (100% wanted) and, beside
// it, the mean fraction of contracts selected (the precision: lower is
// better, the mean fraction that fails is its floor). Figures are counts,
// not times, so machine load does not change them.
//
//	select-safety            every suite, then five faults in this repository
//	select-safety-short      every suite's short faults (CI)
//	select-safety-<suite>    one suite ("go", ...); select-safety-self this repository
func (b bench) selectSafety(name string) error {
	which, _ := strings.CutPrefix(strings.TrimPrefix(name, "select-safety"), "-")
	var names []string
	short := which == "short"
	switch {
	case which == "" || short:
		names = slices.Sorted(maps.Keys(safetySuites))
		if !short {
			names = append(names, "self")
		}
	case which == "self" || safetySuites[which] != nil:
		names = []string{which}
	default:
		return fmt.Errorf("no select-safety suite %q (want short, self or one of %s)", which, strings.Join(slices.Sorted(maps.Keys(safetySuites)), ", "))
	}
	var lines []func()
	unsafe := false
	for _, n := range names {
		var t safetyTally
		var err error
		if n == "self" {
			t, err = b.safetySelf()
		} else {
			t, err = b.safetySuite(n, safetySuites[n](), short)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", n, err)
		}
		lines = append(lines, func() { t.print(n) })
		unsafe = unsafe || len(t.missed) > 0
	}
	fmt.Println("select-safety:")
	for _, l := range lines {
		l()
	}
	fmt.Println()
	if unsafe {
		return errUnsafe
	}
	return nil
}

// errUnsafe is returned when a fault's selection left out a contract it
// breaks: like the litter loops, this benchmark checks correctness, and
// exits 1.
var errUnsafe = errors.New("a selection left out a contract the change breaks (see UNSAFE above)")

// safetySuite is one framework's fixture and faults.
type safetySuite struct {
	// files are the fixture (paths relative to its root), committed in a
	// fresh git repository; it must pass under --all-tests.
	files map[string]string
	// tools must be on PATH, or the suite is skipped with a note.
	tools []string
	// prepare, when set, runs in the fixture's root before the commit
	// (linking node_modules, ...); what it adds should be git-ignored.
	prepare func(root string) error
	faults  []safetyFault
}

// safetySuites are the registered suites by name; each framework's file
// adds its own in an init function.
var safetySuites = map[string]func() safetySuite{}

// safetyFault is one change. Its edit: in file, old becomes new (once);
// with old empty, file is created with new; with remove, file is
// deleted; with rename, file moves there (then old becomes new in it,
// when old is set). also are further edits of the same change.
type safetyFault struct {
	file, old, new string
	remove         bool
	rename         string
	also           []safetyFault
	// class names the kind of dependency the fault goes through
	// ("source", "embed", "runtime-read", "deleted", "glob", ...).
	class string
	// short puts the fault in select-safety-short.
	short bool
}

// String names the fault in the report.
func (f safetyFault) String() string {
	var s string
	switch {
	case f.remove:
		s = "delete " + f.file
	case f.rename != "":
		s = "rename " + f.file + " to " + f.rename
	case f.old == "":
		s = "add " + f.file
	default:
		s = fmt.Sprintf("%s (%q -> %q)", f.file, f.old, f.new)
	}
	for _, a := range f.also {
		s += " + " + a.String()
	}
	if f.class != "" {
		s = "[" + f.class + "] " + s
	}
	return s
}

// apply makes the change in root.
func (f safetyFault) apply(root string) error {
	path := filepath.Join(root, filepath.FromSlash(f.file))
	switch {
	case f.remove:
		if err := os.RemoveAll(path); err != nil {
			return err
		}
	case f.old == "" && f.rename == "":
		if _, err := os.Stat(path); err == nil {
			return fmt.Errorf("fault %s: %s exists", f, f.file)
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, []byte(f.new), 0o644); err != nil {
			return err
		}
	default:
		if f.rename != "" {
			to := filepath.Join(root, filepath.FromSlash(f.rename))
			if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
				return err
			}
			if err := os.Rename(path, to); err != nil {
				return err
			}
			path = to
		}
		if f.old != "" {
			orig, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			if strings.Count(string(orig), f.old) != 1 {
				return fmt.Errorf("fault %s: %q is not once in %s", f, f.old, f.file)
			}
			if err := os.WriteFile(path, []byte(strings.Replace(string(orig), f.old, f.new, 1)), 0o644); err != nil {
				return err
			}
		}
	}
	for _, a := range f.also {
		if err := a.apply(root); err != nil {
			return err
		}
	}
	return nil
}

// safetyTally sums the faults' outcomes.
type safetyTally struct {
	faults, safe, inert, contracts int
	selected, failing              float64 // sums of fractions of the contracts
	discounted                     int     // failing with the fault reverted too
	missed                         []string
	skipped                        string
	took                           time.Duration
}

func (t safetyTally) print(what string) {
	if t.skipped != "" {
		fmt.Printf("  %-8s skipped: %s\n", what, t.skipped)
		return
	}
	n := float64(t.faults - t.inert)
	fmt.Printf("  %-8s %3d faults, %3d contracts: safety %d/%d = %5.1f%% (target 100%%)  mean selected %.3f  mean failing %.3f  (%s)\n",
		what, t.faults, t.contracts, t.safe, t.faults-t.inert, 100*float64(t.safe)/n, t.selected/n, t.failing/n, t.took.Round(time.Second))
	if t.inert > 0 {
		fmt.Printf("  %-8s %d faults broke no test (not counted)\n", "", t.inert)
	}
	if t.discounted > 0 {
		fmt.Printf("  %-8s %d failing contracts not selected also failed with the fault reverted (not counted)\n", "", t.discounted)
	}
	for _, m := range t.missed {
		fmt.Printf("  %-8s UNSAFE: %s\n", "", m)
	}
}

// safetySuite writes suite name's fixture, commits it, checks it passes,
// and measures its faults (only the short ones when short).
func (b bench) safetySuite(name string, s safetySuite, short bool) (safetyTally, error) {
	for _, tool := range s.tools {
		if _, err := exec.LookPath(tool); err != nil {
			return safetyTally{skipped: tool + " is not on PATH"}, nil
		}
	}
	root := filepath.Join(b.tmp, "select-safety-"+name)
	if err := writeFiles(root, s.files); err != nil {
		return safetyTally{}, err
	}
	if s.prepare != nil {
		if err := s.prepare(root); err != nil {
			return safetyTally{}, err
		}
	}
	if err := gitSteps(root, [][]string{{"init", "-q"}, {"add", "-A"}, {"commit", "-q", "-m", "base"}}); err != nil {
		return safetyTally{}, err
	}
	// The clean fixture passes: a contract failing here would not be the
	// faults' doing.
	clean, err := b.safetyRun(root, "--all-tests")
	if err != nil {
		return safetyTally{}, err
	}
	if len(clean.failing) > 0 {
		return safetyTally{}, fmt.Errorf("the clean %s fixture fails: %v", name, clean.failing)
	}
	faults := s.faults
	if short {
		faults = slices.DeleteFunc(slices.Clone(faults), func(f safetyFault) bool { return !f.short })
	}
	return b.safetyFaults(root, faults, len(clean.selected), "-J", "2")
}

// safetySelf clones this repository into a temporary directory (with the
// fixtures' untracked node_modules linked) and measures five faults in its
// core packages. Each all-tests run is the whole corpus, so this takes
// minutes; the selected run stops at the first failure (--fail-fast),
// since only its data.selection is read.
func (b bench) safetySelf() (safetyTally, error) {
	root := filepath.Join(b.tmp, "select-safety-self")
	if err := b.cloneSelf(root); err != nil {
		return safetyTally{}, err
	}
	return b.safetyFaults(root, selfFaults, 0, "-J", "2")
}

// selfFaults are five small edits to core packages, each breaking some
// test of this repository.
var selfFaults = []safetyFault{
	{file: "core/slug/slug.go", old: "b.WriteRune(unicode.ToLower(r))", new: "b.WriteRune(r)"},
	{file: "core/shard/shard.go", old: "ki > ni", new: "ki >= ni"},
	{file: "core/tomlstring/tomlstring.go", old: "b.WriteString(`\\n`)", new: "b.WriteString(`\\r`)"},
	{file: "core/selection/decide.go", old: `RuleNoGraph = "no-graph"`, new: `RuleNoGraph = "nograph"`},
	{file: "core/shellword/shellword.go", old: `return "''"`, new: `return "'"`},
}

// safetyFaults applies each fault as an uncommitted change, runs the
// selected and the full check, and reverts it (git reset --hard and git
// clean: what the fixture git-ignores stays). With total, the number of
// contracts, known, a selected run that ran every contract is the full
// check too; without it, the selected run stops at the first failure,
// since only its data.selection is read.
func (b bench) safetyFaults(root string, faults []safetyFault, total int, jobs ...string) (safetyTally, error) {
	start := time.Now()
	var t safetyTally
	revert := [][]string{{"reset", "-q", "--hard"}, {"clean", "-q", "-fd"}}
	for _, f := range faults {
		if err := f.apply(root); err != nil {
			return t, err
		}
		selArgs := jobs
		if total == 0 {
			selArgs = append([]string{"--fail-fast"}, jobs...)
		}
		sel, err := b.safetyRun(root, selArgs...)
		if err != nil {
			return t, err
		}
		all := sel
		if total == 0 || len(sel.selected) < total {
			if all, err = b.safetyRun(root, append([]string{"--all-tests"}, jobs...)...); err != nil {
				return t, err
			}
		}
		if err := gitSteps(root, revert); err != nil {
			return t, err
		}
		var missed []string
		for _, c := range all.failing {
			if !slices.Contains(sel.selected, c) {
				missed = append(missed, c)
			}
		}
		if len(missed) > 0 {
			// A contract failing with the fault reverted is not the fault's
			// doing (a flake under load, or a tool this machine lacks).
			again, err := b.safetyRun(root, append(append([]string{"--all-tests"}, jobs...), missed...)...)
			if err != nil {
				return t, err
			}
			missed = slices.DeleteFunc(missed, func(c string) bool {
				if slices.Contains(again.failing, c) {
					t.discounted++
					return true
				}
				return false
			})
		}
		t.faults++
		t.contracts = len(all.selected)
		fmt.Fprintf(os.Stderr, "select-safety: %s: %d of %d selected, %d failing, %d missed\n", f, len(sel.selected), len(all.selected), len(all.failing), len(missed))
		switch {
		case len(all.failing) == 0:
			t.inert++
			continue
		case len(missed) == 0:
			t.safe++
		default:
			t.missed = append(t.missed, fmt.Sprintf("%s: %s", f, strings.Join(missed, ", ")))
		}
		t.selected += float64(len(sel.selected)) / float64(len(all.selected))
		t.failing += float64(len(all.failing)) / float64(len(all.selected))
	}
	t.took = time.Since(start)
	return t, nil
}

// safetyOutcome is what one check said: the contracts it selected and
// those with a binding that did not pass.
type safetyOutcome struct {
	selected, failing []string
}

// safetyRun runs ah check --run-tests --json with args in root.
func (b bench) safetyRun(root string, args ...string) (safetyOutcome, error) {
	argv := append([]string{"check", "--run-tests", "--quiet", "--json"}, args...)
	cmd := exec.Command(b.ah, argv...)
	cmd.Dir = root
	data, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() != 1) {
		return safetyOutcome{}, fmt.Errorf("ah %v: %w", argv, err)
	}
	var env struct {
		Data struct {
			Selection *struct {
				SelectedContracts []string `json:"selected_contracts"`
				FallbackReason    *string  `json:"fallback_reason"`
			} `json:"selection"`
			Executions []struct {
				Bindings []string `json:"bindings"`
				Verdict  string   `json:"verdict"`
			} `json:"executions"`
		} `json:"data"`
	}
	if err := json.Unmarshal(data, &env); err != nil {
		return safetyOutcome{}, fmt.Errorf("ah %v: %w", argv, err)
	}
	if env.Data.Selection == nil {
		return safetyOutcome{}, fmt.Errorf("ah %v: no data.selection", argv)
	}
	out := safetyOutcome{selected: env.Data.Selection.SelectedContracts}
	for _, e := range env.Data.Executions {
		if e.Verdict == "passed" || e.Verdict == "not-run" || e.Verdict == "skipped" {
			continue
		}
		for _, bnd := range e.Bindings {
			c, _, _ := strings.Cut(bnd, " ")
			if !slices.Contains(out.failing, c) {
				out.failing = append(out.failing, c)
			}
		}
	}
	slices.Sort(out.failing)
	return out, nil
}

// safetyContract is a contract whose one binding is a [[tests.<table>]]
// with these flags.
func safetyContract(id, table, flags string) string {
	return fmt.Sprintf("id = %q\ndescription = \"generated\"\narchetype = \"PF\"\nstatus = \"active\"\nauthored_with = \"0.1.0\"\n\n[[tests.%s]]\nflags = %q\n", id, table, flags)
}

// safetySpec is a capability's spec with one scenario per title.
func safetySpec(capability string, titles ...string) string {
	var s strings.Builder
	fmt.Fprintf(&s, "# %s\n", capability)
	for _, t := range titles {
		fmt.Fprintf(&s, "\n#### Scenario: %s\n\nTHEN %s\n", t, strings.ToLower(t))
	}
	return s.String()
}
