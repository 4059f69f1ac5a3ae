package config

import (
	"fmt"

	"github.com/espectacular/ah/core/contract"
)

// reservedRunners refuses a runner named shell. tests.shell entries always
// run their command line through /bin/sh -c, so [runners.shell] and
// [runners.custom.shell] were never used: a config that seemed to route
// shell tests through a sandbox or a custom runner was silently ignored
// (issue 9).
func reservedRunners(doc map[string]any) []string {
	runners, _ := doc["runners"].(map[string]any)
	var out []string
	if _, ok := runners[contract.ShellType]; ok {
		out = append(out, fmt.Sprintf(
			"runners.%[1]s: %[1]s is reserved: tests.%[1]s entries always run their command through /bin/sh -c and never use a runner; remove [runners.%[1]s], or give the runner another name and use that test type in the contracts (to wrap every test command, use [execution] wrapper)",
			contract.ShellType))
	}
	if custom, ok := runners[contract.CustomType].(map[string]any); ok {
		if _, ok := custom[contract.ShellType]; ok {
			out = append(out, fmt.Sprintf(
				"runners.%[2]s.%[1]s: a custom runner cannot be named %[1]s, the reserved test type of /bin/sh command lines; rename [runners.%[2]s.%[1]s] and the runner = %[3]q of the contracts that use it",
				contract.ShellType, contract.CustomType, contract.ShellType))
		}
	}
	return out
}
