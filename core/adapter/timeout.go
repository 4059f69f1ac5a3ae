package adapter

import (
	"fmt"
	"strings"
	"time"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/shellword"
)

// Bound is ProbeTimeout in words, for messages. It is a constant, never a
// measured time, so reports stay byte-identical from run to run.
var Bound = fmt.Sprintf("%d s", ProbeTimeout/time.Second)

// TimeoutMessage says that the decision d of adapter name rests on probes
// that timed out, what ah runs instead, and how to take the choice away
// from the probes. A loaded machine once made every pytest run fail with
// "No module named pytest" from another interpreter, and nothing said that
// a probe had timed out.
func TimeoutMessage(name string, d Decision, ev Evidence) string {
	what := "probe " + QuoteList(d.TimedOut) + " of " + name + " timed out"
	if len(d.TimedOut) > 1 {
		what = "probes " + QuoteList(d.TimedOut) + " of " + name + " timed out"
	}
	var outcome string
	switch {
	case !d.Found():
		outcome = fmt.Sprintf("so nothing proved that %s runs here and no adapter was detected for it", name)
	case ev.Runnable != nil: // the decision's command, whenever it rests on probes
		outcome = fmt.Sprintf("so ah runs %s as `%s`, which a later probe proved, not as the timed-out probe would have", name, shellword.Quote(d.Command))
	default:
		outcome = fmt.Sprintf("and no probe proved a command, so ah falls back to `%s`, which may not run %s here", shellword.Quote(d.Command), name)
	}
	return fmt.Sprintf("the environment %s after %s (ah's bound for each probe), %s; rerun when the machine is less loaded, or set %s = [...] under [runners] in %s so that no probe decides the command",
		what, Bound, outcome, name, config.Path)
}

// QuoteList joins commands for a message: each in backquotes, comma
// separated.
func QuoteList(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = "`" + x + "`"
	}
	return strings.Join(q, ", ")
}
