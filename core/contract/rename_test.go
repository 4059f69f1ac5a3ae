package contract_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/finding"
)

// The only orphan contract and the only scenario without one in a
// capability are paired as one rename, each naming `ah contract move`; a
// second candidate on either side, or a contract staged in a change, pairs
// nothing.
func TestPairRenames(t *testing.T) {
	orphan := func(capability, id string) finding.Finding {
		f := finding.New(finding.OrphanTOML, "orphan")
		f.Spec, f.ContractPath = capability, contract.Path(".espectacular", capability, id)
		return f
	}
	missing := func(capability, id string) finding.Finding {
		f := finding.New(finding.NoTOML, "missing")
		f.ContractPath = contract.Path(".espectacular", capability, id)
		return f.WithScenario(capability, "openspec/specs/"+capability+"/spec.md", finding.ScenarioRef{ID: id})
	}
	fs := []finding.Finding{orphan("a", "old"), missing("a", "new"), orphan("b", "x"), orphan("b", "y"), missing("b", "z")}
	staged := orphan("c", "old")
	staged.ContractPath = ".espectacular/changes/c1/c/old.toml"
	fs = append(fs, staged, missing("c", "new"))
	contract.PairRenames(".espectacular", fs)
	for _, i := range []int{0, 1} {
		if assert.NotNil(t, fs[i].Rename, fs[i].Message) {
			assert.Equal(t, finding.Rename{From: "old", To: "new"}, *fs[i].Rename)
			assert.Equal(t, "ah contract move a old new", *fs[i].Step)
		}
	}
	for _, f := range fs[2:] {
		assert.Nil(t, f.Rename, f.Message)
	}
}
