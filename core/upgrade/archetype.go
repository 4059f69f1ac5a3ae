package upgrade

import (
	"io/fs"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/repofs"
)

// UnassignedArchetypes lists the deployed contracts whose archetype is ""
// (issue 39): the stub the predecessor's `ah scenario new` wrote. They
// read as unassigned; ah upgrade offers them to fill, never guessing a
// code, which is a person's call (ah type). A contract ah cannot list or
// read is left to ah check, which reports it.
func UnassignedArchetypes(fsys fs.FS) []string {
	paths, _, err := config.DeployedContracts(fsys)
	if err != nil {
		return nil
	}
	var out []string
	for _, p := range paths {
		data, err := repofs.ReadFile(fsys, p, repofs.ContractLimit)
		if err != nil {
			continue
		}
		if c, problems := contract.Decode(p, data); len(problems) == 0 && c.Archetype == "" {
			out = append(out, p)
		}
	}
	return out
}
