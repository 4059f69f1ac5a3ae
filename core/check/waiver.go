package check

import (
	"fmt"
	"maps"
	"slices"

	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/finding"
)

// waivedUnit is a unit whose contract carries a [waiver] (issue 28).
type waivedUnit struct {
	Unit
	waiver contract.Waiver
}

// waiverFindings are the waived-scenario warnings: every waiver under
// --strict (a strict gate accepts nothing unproven), and an expired one
// always. today is "YYYY-MM-DD" (Options.Today); empty expires nothing.
func waiverFindings(waived map[string]waivedUnit, strict bool, today string) []finding.Finding {
	var out []finding.Finding
	for _, key := range slices.Sorted(maps.Keys(waived)) {
		w := waived[key]
		expired := w.waiver.Expired(today)
		if !strict && !expired {
			continue
		}
		why := "ah check --strict accepts no unproven scenario"
		if expired {
			why = fmt.Sprintf("the waiver expired on %s", w.waiver.Expires)
		}
		out = append(out, unitFinding(w.Unit, finding.WaivedScenario, fmt.Sprintf(
			"%s waives scenario %q (%s): %s; bind a test that proves it and remove [waiver], or renew its expires date",
			w.ContractPath, w.Scenario.Title, w.waiver.Reason, why)))
	}
	return out
}
