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

// expireWaivers takes the waivers past their date out of waived and
// returns their expired-waiver errors (issue 39): an unexpired waiver is a
// recorded decision, no finding, whatever --strict says; an expired one no
// longer waives, and its unit stays unproven until a person decides
// again. today is "YYYY-MM-DD" (Options.Today, from the clock port); empty
// expires nothing.
func expireWaivers(waived map[string]waivedUnit, today string) []finding.Finding {
	var out []finding.Finding
	for _, key := range slices.Sorted(maps.Keys(waived)) {
		w := waived[key]
		if !w.waiver.Expired(today) {
			continue
		}
		delete(waived, key)
		out = append(out, unitFinding(w.Unit, finding.ExpiredWaiver, fmt.Sprintf(
			"%s waived scenario %q (%s); the waiver expired on %s and no longer waives: bind a test that proves the scenario and remove [waiver], or have a person decide whether the reason still holds and record that decision with a later expires date",
			w.ContractPath, w.Scenario.Title, w.waiver.Reason, w.waiver.Expires)))
	}
	return out
}
