package contract

import (
	"fmt"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/shellword"
)

// PairRenames marks the orphan-toml and no-toml findings that look like
// one scenario renamed (issue 39): a capability with exactly one orphan
// contract deployed under dir and exactly one deployed scenario without a
// contract.
// The rule counts files and never reads prose, so it cannot pair two
// scenarios by what their titles mean; with two candidates on either side
// nothing is guessed. Both findings then name `ah contract move`, which
// keeps the binding a person wrote, instead of a stub.
func PairRenames(dir string, fs []finding.Finding) {
	type pair struct{ orphans, missing []int }
	by := map[string]*pair{}
	deployed := func(f finding.Finding) (string, bool) {
		capability, id, ok := Split(dir, f.ContractPath)
		return id, ok && capability == f.Spec && f.Change == "" && f.ContractPath == Path(dir, capability, id)
	}
	for i, f := range fs {
		if _, ok := deployed(f); !ok {
			continue
		}
		p := by[f.Spec]
		if p == nil {
			p = &pair{}
			by[f.Spec] = p
		}
		switch {
		case f.Kind == finding.OrphanTOML && f.Scenario == nil:
			p.orphans = append(p.orphans, i)
		case f.Kind == finding.NoTOML && f.Scenario != nil:
			p.missing = append(p.missing, i)
		}
	}
	for capability, p := range by {
		if len(p.orphans) != 1 || len(p.missing) != 1 {
			continue
		}
		from, _ := deployed(fs[p.orphans[0]])
		to := fs[p.missing[0]].Scenario.ID
		argv := MoveArgv(capability, from, to)
		step := shellword.Quote(argv)
		for _, i := range []int{p.orphans[0], p.missing[0]} {
			f := &fs[i]
			f.Rename = &finding.Rename{From: from, To: to}
			f.Message += fmt.Sprintf("; this looks like scenario %q renamed to %q (the only orphan contract and the only scenario without one in %s): `%s` moves the contract and rewrites its id, keeping the binding", from, to, capability, step)
			f.Step = &step
		}
	}
}

// MoveArgv is the `ah contract move` command line moving the contract of
// scenario from to scenario to in capability.
func MoveArgv(capability, from, to string) []string {
	return []string{"ah", "contract", "move", capability, from, to}
}
