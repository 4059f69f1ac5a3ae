package quality

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/shellword"
	"github.com/espectacular/ah/ports"
)

// missing is the mutation tool ah established is not installed here
// (issue 37), as check's missing-tool is for a binding: the tool's program
// would not start (ports.ProgramNotFoundError), or the command is the
// gremlins command `ah doctor --enable mutation` writes, a run failed
// without a measurement, and ah's own probe for gremlins failed too.
// Nothing the run printed decides it.
type missing struct {
	// tool names it in a message; how says how ah knows, fix how to
	// install it.
	tool, how, fix string
}

// missingTool is what a finished run says is missing, or nil.
func (m Measurement) missingTool(ctx context.Context, r Run) *missing {
	if nf, ok := errors.AsType[*ports.ProgramNotFoundError](r.StartErr); ok {
		return &missing{tool: "`" + nf.Program + "`", how: r.StartErr.Error(),
			fix: fmt.Sprintf("install it, or change [quality.mutation] command in %s", m.ConfigPath)}
	}
	res := r.Result
	if r.StartErr != nil || res.ExitCode <= 0 || res.TimedOut || res.Signaled || res.Canceled || !slices.Equal(m.Tool.Command, GremlinsCommand) {
		return nil
	}
	p := m.Run(ctx, func(string) []string { return gremlinsProbe }, nil, adapter.ProbeTimeout, 1<<10)
	if p.StartErr != nil || p.Result.ExitCode <= 0 || p.Result.TimedOut || p.Result.Signaled || p.Result.Canceled {
		return nil // the probe proved nothing missing
	}
	return &missing{tool: "gremlins", how: fmt.Sprintf("ah's probe `%s` exited with status %d", shellword.Quote(gremlinsProbe), p.Result.ExitCode), fix: gremlinsInstall}
}

// missingFindings are the findings of the targets a missing tool kept
// from being measured, in order: the first names the tool, how ah knows
// and how to install it, and counts the others, which refer to it. run is
// the first target's run, whose output its finding keeps.
func missingFindings(targets []Target, run Run, mt *missing, configPath string) []finding.Finding {
	out := make([]finding.Finding, len(targets))
	for i, t := range targets {
		msg := fmt.Sprintf("mutation tool run over %s could not run: %s is not installed here", t.Name(), mt.tool)
		if i == 0 {
			msg += fmt.Sprintf(" (%s): %s; nothing was measured", mt.how, mt.fix)
			if len(targets) > 1 {
				msg += fmt.Sprintf("; %d mutation runs need it, and the others refer to this finding", len(targets))
			}
		} else {
			msg += ", see the finding of " + targets[0].named(configPath)
		}
		f := finding.New(finding.MissingTool, msg)
		if i == 0 {
			f.Test = testOf(run)
		}
		out[i] = t.attach(f, configPath)
	}
	return out
}

// named is the file a finding of t names: its contract, or the config.
func (t Target) named(configPath string) string {
	if t.Scenario == nil {
		return configPath
	}
	return t.ContractPath
}
