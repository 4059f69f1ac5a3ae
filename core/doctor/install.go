package doctor

import (
	"fmt"
	"strings"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/config"
)

// InstallHint says how to install the framework of adapter name, or "".
func InstallHint(name string) string { return adapter.InstallHint(name) }

// ToolMissingError is `--enable` refusing a capability whose framework does
// not run here: the config would name a command that cannot start, and
// every contract using it would fail (issue 8).
type ToolMissingError struct {
	Capability string
	// Tried lists the commands that were probed and failed.
	Tried []string
	// TimedOut lists the probes of Tried that timed out: then the tool
	// may well be installed, and the machine too loaded to tell.
	TimedOut []string
}

func (e *ToolMissingError) Error() string {
	tried := ""
	if len(e.Tried) > 0 {
		tried = " (tried " + adapter.QuoteList(e.Tried) + ")"
	}
	if len(e.TimedOut) > 0 {
		return fmt.Sprintf("cannot enable %s: no probe proved that %s runs here%s and %s timed out after %s; run `ah doctor --enable %s` again when the machine is less loaded, or set %s = [...] under [runners] in %s yourself",
			e.Capability, e.Capability, tried, adapter.QuoteList(e.TimedOut), adapter.Bound, e.Capability, e.Capability, config.Path)
	}
	return fmt.Sprintf("cannot enable %s: %s is not installed here%s; %s, then run `ah doctor --enable %s` again",
		e.Capability, e.Capability, tried, strings.TrimSpace(InstallHint(e.Capability)), e.Capability)
}
