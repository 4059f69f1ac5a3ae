package validate

import (
	"fmt"
	"maps"
	"slices"

	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/finding"
)

// Waived is a unit whose contract carries a [waiver] (issue 28).
type Waived struct {
	Unit
	Waiver contract.Waiver
}

// ExpireWaivers takes the waivers past their date out of waived and
// returns their expired-waiver errors (issue 39): an unexpired waiver is a
// recorded decision, no finding, whatever --strict says; an expired one no
// longer waives, and its unit stays unproven until a person decides
// again. today is "YYYY-MM-DD" (Options.Today, from the clock port); empty
// expires nothing.
func ExpireWaivers(waived map[string]Waived, today string) []finding.Finding {
	var out []finding.Finding
	for _, key := range slices.Sorted(maps.Keys(waived)) {
		w := waived[key]
		if !w.Waiver.Expired(today) {
			continue
		}
		delete(waived, key)
		out = append(out, unitFinding(w.Unit, finding.ExpiredWaiver, fmt.Sprintf(
			"%s waived scenario %q (%s); the waiver expired on %s and no longer waives: bind a test that proves the scenario and remove [waiver], or have a person decide whether the reason still holds and record that decision with a later expires date",
			w.ContractPath, w.Scenario.Title, w.Waiver.Reason, w.Waiver.Expires)))
	}
	return out
}
