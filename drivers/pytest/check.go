package pytest

import (
	"strings"

	"github.com/espectacular/ah/drivers/argv"
	"github.com/espectacular/ah/ports"
)

var _ ports.ToolChecker = Driver{}

// Check probes the interpreter of `PYTHON -m pytest ...` for pytest after
// a run that left no report: `PYTHON -c 'import pytest'` failing proves
// pytest is not installed for it (an interpreter without pytest exits 1
// with "No module named pytest" before any test code runs, so the run's
// own output is never what decides). Any other command form gives no
// probe.
func (Driver) Check(words []string) (probe []string, tool string) {
	if len(words) < 3 || words[1] != "-m" || words[2] != "pytest" || !strings.HasPrefix(argv.Program(words[0]), "python") {
		return nil, ""
	}
	return []string{words[0], "-c", "import pytest"}, "pytest for `" + words[0] + "`"
}
