package doctor

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
)

// RunnerPrograms are the programs the configured runners start (the first
// word of each [runners] and [runners.custom] command), sorted, for the
// caller to look up: doctor must not call healthy a runner that cannot
// start.
func RunnerPrograms(cfg config.Config) []string {
	seen := map[string]bool{}
	for _, rs := range []map[string]config.Runner{cfg.Runners, cfg.CustomRunners} {
		for _, r := range rs {
			if len(r.Command) > 0 {
				seen[r.Command[0]] = true
			}
		}
	}
	return slices.Sorted(maps.Keys(seen))
}

// MissingProgramError is a runner configured for a test type whose program
// is not installed here: `--enable` has nothing to add, and saying
// "already enabled" would hide why its tests cannot run.
type MissingProgramError struct {
	// Table is the config table ([runners.pytest]); Enable the capability
	// `ah doctor --enable` can write it for, "" for a custom runner.
	Table, Enable, Program string
}

func (e *MissingProgramError) Error() string {
	fix := "install it, or fix its command"
	if e.Enable != "" {
		fix += fmt.Sprintf(" (or remove the table and run `ah doctor --enable %s`, which writes one that runs here)", e.Enable)
	}
	return fmt.Sprintf("%s in %s runs %s, which is not installed here (not found on PATH): %s", e.Table, config.Path, e.Program, fix)
}

// missingPrograms lists, in table order, each configured runner whose
// program found says is not installed (a program absent from found was
// not looked up and is not reported).
func missingPrograms(cfg config.Config, found map[string]bool) []MissingProgramError {
	var out []MissingProgramError
	for _, name := range slices.Sorted(maps.Keys(cfg.Runners)) {
		if c := cfg.Runners[name].Command; len(c) > 0 {
			if ok, looked := found[c[0]]; looked && !ok {
				out = append(out, MissingProgramError{Table: "[runners." + name + "]", Enable: enableName(name), Program: c[0]})
			}
		}
	}
	for _, name := range slices.Sorted(maps.Keys(cfg.CustomRunners)) {
		if c := cfg.CustomRunners[name].Command; len(c) > 0 {
			if ok, looked := found[c[0]]; looked && !ok {
				out = append(out, MissingProgramError{Table: "[runners.custom." + name + "]", Program: c[0]})
			}
		}
	}
	return out
}

// enableName is the --enable capability writing [runners.name], or "".
func enableName(name string) string {
	if slices.Contains(RunnerCapabilities, name) {
		return name
	}
	return ""
}

// programsCheck fails when a configured runner's program is not installed;
// listed only then, so the usual report keeps its shape.
func programsCheck(cfg config.Config, found map[string]bool) (Check, bool) {
	missing := missingPrograms(cfg, found)
	if len(missing) == 0 {
		return Check{}, false
	}
	msgs := make([]string, len(missing))
	for i, m := range missing {
		msgs[i] = m.Error()
	}
	return Check{Name: "runner-programs", Status: Fail, Message: strings.Join(msgs, "; also ")}, true
}

// ConfiguredButMissing is the error of `ah doctor --enable capability` when
// [runners.capability] is configured and its program is not installed;
// nil otherwise.
func ConfiguredButMissing(cfg config.Config, capability string, found map[string]bool) error {
	for _, m := range missingPrograms(cfg, found) {
		if m.Table == "[runners."+capability+"]" {
			return &m
		}
	}
	return nil
}

// frameworksCheck fails when a test type the contracts declare runs a
// framework detection found not installed in the project (vitest without
// node_modules/.bin/vitest, ports.LocalOnly): `ah check --run-tests` names
// it once as missing-tool, whose next step is `ah doctor`, so doctor must
// not call the project healthy. Listed only then.
func frameworksCheck(entries []contract.Entry, cfg config.Config, facts adapter.Facts) (Check, bool) {
	var msgs []string
	seen := map[string]bool{}
	for _, e := range entries {
		d := adapter.Resolve(e.Type, cfg, facts)
		if d.Uninstalled == "" || seen[e.Type] {
			continue
		}
		seen[e.Type] = true
		msgs = append(msgs, fmt.Sprintf("tests.%s runs %s, which is not installed in the project: %s", e.Type, d.Uninstalled, d.Install))
	}
	if len(msgs) == 0 {
		return Check{}, false
	}
	slices.Sort(msgs)
	return Check{Name: "frameworks", Status: Fail, Message: strings.Join(msgs, "; also ")}, true
}
