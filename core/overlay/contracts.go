package overlay

import (
	"fmt"
	"maps"
	"path"
	"slices"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/finding"
)

// contracts gives every scenario of the touched capabilities its active
// contract and lists the deployed contracts the overlay claims. A staged
// contract of a selected change wins over the deployed one (it carries
// the change's metadata, e.g. status = "superseded"); two selected
// changes staging one scenario conflict, and the first change id wins. A
// staged contract whose scenario is not in scope is an orphan.
func (a *applier) contracts(changes []Change, deployedContracts []string) (map[string][]Located, map[string]bool) {
	isDeployed := map[string]bool{}
	for _, p := range deployedContracts {
		isDeployed[p] = true
	}
	used := map[string]bool{}
	scopes := map[string][]Located{}
	for _, capability := range slices.Sorted(maps.Keys(a.models)) {
		list := a.models[capability].flatten()
		for i, s := range list {
			list[i].ContractPath = a.contractOf(changes, s, isDeployed, used)
		}
		scopes[capability] = list
	}
	claimed := map[string]bool{}
	for capability := range a.models {
		f, ok := a.deployed[capability]
		if !ok {
			continue
		}
		active := map[string]string{}
		for _, s := range scopes[capability] {
			active[s.Scenario.ID] = s.ContractPath
		}
		for _, s := range f.Scenarios {
			if p := contract.Path(config.Dir, capability, s.ID); active[s.ID] != p {
				claimed[p] = true
			}
		}
	}
	for _, c := range changes {
		for _, p := range c.StagedPaths {
			if !used[p] {
				a.findings = append(a.findings, stagedOrphan(c, p))
			}
		}
	}
	return scopes, claimed
}

// contractOf picks scenario s's active contract and marks the staged
// contracts it settles as used.
func (a *applier) contractOf(changes []Change, s Located, isDeployed map[string]bool, used map[string]bool) string {
	key := s.Capability + "/" + s.Scenario.ID
	var staged []string
	var by []Change
	for _, c := range changes {
		if p, ok := c.Staged[key]; ok {
			staged, by = append(staged, p), append(by, c)
			used[p] = true
		}
	}
	for i := 1; i < len(staged); i++ {
		fd := finding.New(finding.OverlayConflict, fmt.Sprintf(
			"changes %q and %q both stage a contract for scenario %q of capability %q (%s and %s): keep one of them; %s is used",
			by[0].ID, by[i].ID, s.Scenario.Title, s.Capability, staged[0], staged[i], staged[0]))
		fd.ContractPath = staged[i]
		a.findings = append(a.findings, fd.WithScenario(s.Capability, s.SpecPath, ScenarioOf(s.Scenario)))
	}
	deployed := contract.Path(config.Dir, s.Capability, s.Scenario.ID)
	switch {
	case len(staged) > 0:
		return staged[0]
	case s.Change == "" || isDeployed[deployed]:
		return deployed
	}
	return StagedPath(s.Change, s.Capability, s.Scenario.ID)
}

// stagedOrphan is a staged contract with no scenario in the overlay scope.
func stagedOrphan(c Change, p string) finding.Finding {
	capability, id, _ := contract.Split(StagingDir(c.ID), p)
	fd := finding.New(finding.OrphanTOML, fmt.Sprintf(
		"%s is staged by change %q but capability %q has no scenario %q in the scope of that change: add the scenario to the change's delta spec, or move or delete the contract",
		p, c.ID, capability, id))
	fd.ContractPath = p
	fd.Spec, fd.SpecPath = capability, path.Join(c.Dir, "specs", capability, "spec.md")
	fd.Scenario = &finding.ScenarioRef{ID: id}
	return fd
}
