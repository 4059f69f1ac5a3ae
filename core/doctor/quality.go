package doctor

import (
	"fmt"
	"slices"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/quality"
	"github.com/espectacular/ah/core/tomlstring"
)

// QualityCapabilities are the measurement capabilities `--enable` knows
// (issue 16).
var QualityCapabilities = []string{"mutation", quality.Property, quality.Snapshot}

// mutationEnabled says why mutation needs no change, or "".
func mutationEnabled(cfg config.Config) string {
	if len(cfg.Mutation.Command) > 0 {
		return fmt.Sprintf("mutation is already enabled: [quality.mutation] command is configured in %s", config.Path)
	}
	return ""
}

// qualityEdit is the edit enabling a quality capability: [quality.mutation]
// with a tool the project's framework supports, or a [runners.<type>]
// table selecting the project's detected framework adapter, so that
// [[tests.property]] and [[tests.snapshot]] entries run as written.
func qualityEdit(data []byte, capability string, facts adapter.Facts) edit {
	header := fmt.Sprintf("# Added by `ah doctor --enable %s`", capability)
	fw := detectedFramework(facts)
	if capability == "mutation" {
		if !MutationToolKnown(facts) {
			return edit{err: fmt.Errorf("no mutation tool is known for this project (detected framework: %s); add [quality.mutation] command to %s by hand: an argv that prints {\"score\": <0..1>} as its last stdout line, with {} standing for a script running a contract's declared tests (see `ah explain quality-mutation`)", orNone(fw), config.Path)}
		}
		block := fmt.Sprintf("%s: `ah check --mutation` runs gremlins for each contract with [quality.mutation] enabled = true\n# (its args name the package to mutate) and reports the score; install it with\n# `go install github.com/go-gremlins/gremlins/cmd/gremlins@%s`.\n[quality.mutation]\nthreshold = %v\ncommand = %s\n",
			header, quality.GremlinsVersion, config.DefaultMutationThreshold, tomlArray(quality.GremlinsCommand))
		return appendEdit(data, block, fmt.Sprintf("enabled mutation: added [quality.mutation] with a gremlins command to %s", config.Path),
			func(doc map[string]any) {
				set(doc, map[string]any{"threshold": config.DefaultMutationThreshold, "command": toAny(quality.GremlinsCommand)}, "quality", "mutation")
			})
	}
	if fw == "" {
		return edit{err: fmt.Errorf("no test framework is detected to run [[tests.%[1]s]] entries; add [runners.%[1]s] to %[2]s by hand, e.g. command = [\"./run-%[1]s-tests.sh\"]", capability, config.Path)}
	}
	block := fmt.Sprintf("%s: [[tests.%s]] entries run through the %s adapter with their flags appended.\n[runners.%s]\nadapter = %s\n",
		header, capability, fw, capability, tomlstring.Quote(fw))
	return appendEdit(data, block, fmt.Sprintf("enabled %s: added [runners.%s] (adapter %s) to %s", capability, capability, fw, config.Path),
		func(doc map[string]any) { set(doc, map[string]any{"adapter": fw}, "runners", capability) })
}

// detectedFramework is the first (sorted) runner capability the project
// itself points at: a manifest declares it or a test file imports it.
func detectedFramework(facts adapter.Facts) string {
	for _, name := range slices.Sorted(slices.Values(RunnerCapabilities)) {
		if ev, ok := facts.Evidence[name]; ok && (ev.Manifest || ev.ImportedBy != "") {
			return name
		}
	}
	return ""
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
