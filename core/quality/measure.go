package quality

import (
	"context"
	"path"
	"time"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/shellword"
)

// maxToolStdout bounds the stdout kept for the score: a gremlins report
// lists every mutant, far more than a tail.
const maxToolStdout = 4 << 20

// Contract is one ready contract as a measurement reads it.
type Contract struct {
	Target Target
	// Tests are its declared tests as the script runs them (the wrapper
	// first); an entry that cannot be invoked is left out, for
	// --run-tests to report.
	Tests []Test
	// Mutation is its [quality.mutation] table.
	Mutation contract.Mutation
}

// Runner runs the tool once in a fresh scratch directory holding files,
// argv given that directory's absolute path, within timeout, keeping up
// to maxStdout bytes of stdout. It fills Result, StartErr and Stdout.
type Runner func(ctx context.Context, argv func(scratch string) []string, files map[string][]byte, timeout time.Duration, maxStdout int) Run

// Measurement is what ah check --mutation measures with.
type Measurement struct {
	// Tool is the config's [quality.mutation].
	Tool config.Mutation
	// Dir is the repository root, where the script runs the tests.
	Dir string
	// Enable is the command that configures a tool in this project (`ah
	// doctor --enable mutation` when it knows one), offered as the fix of
	// a contract opting in without a tool; empty when none is known.
	Enable string
	// ConfigPath is the config file's path, named by the findings.
	ConfigPath string
	Run        Runner
}

// Measure runs the tool once per contract that opts in, one at a time (a
// mutation tool is heavy on its own), then once over every contract's
// tests when the config enables it, and returns one finding per run.
func Measure(ctx context.Context, m Measurement, contracts []Contract) []finding.Finding {
	mc := m.Tool
	var out []finding.Finding
	var all []Test
	// Once a run proves the tool missing, the other targets are not run:
	// they are named with it, once, at the end (missing.go).
	var lacking []Target
	var first Run
	var mt *missing
	measure := func(t Target, tests []Test, args []string, threshold float64) {
		if mt != nil {
			lacking = append(lacking, t)
			return
		}
		r := m.runTool(ctx, tests, args)
		if mt = m.missingTool(ctx, r); mt != nil {
			lacking, first = append(lacking, t), r
			return
		}
		out = append(out, Judge(t, r, threshold, m.ConfigPath))
	}
	for _, c := range contracts {
		if ctx.Err() != nil {
			break
		}
		all = append(all, c.Tests...)
		if !c.Mutation.Enabled {
			continue
		}
		if len(mc.Command) == 0 {
			out = append(out, notConfigured(c.Target, m.Enable, m.ConfigPath))
			continue
		}
		threshold := mc.Threshold
		if th := c.Mutation.Threshold; th != nil {
			threshold = *th
		}
		measure(c.Target, c.Tests, c.Mutation.Args, threshold)
	}
	if mc.Enabled && len(mc.Command) > 0 && len(all) > 0 && ctx.Err() == nil {
		measure(Target{}, all, nil, mc.Threshold)
	}
	if mt != nil {
		out = append(out, missingFindings(lacking, first, mt, m.ConfigPath)...)
	}
	return out
}

// runTool runs the tool over a script of the tests.
func (m Measurement) runTool(ctx context.Context, tests []Test, args []string) Run {
	command := m.Tool.Command
	shown := Argv(command, path.Join(ScratchDir, ScriptName), args)
	r := m.Run(ctx, func(dir string) []string { return Argv(command, path.Join(dir, ScriptName), args) },
		map[string][]byte{ScriptName: Script(m.Dir, tests)}, seconds(m.Tool.TimeoutSeconds), maxToolStdout)
	r.Argv, r.Command = shown, shellword.Quote(shown)
	return r
}

// notConfigured is the finding of a contract opting in while the config
// names no tool: enable, the command that adds one, is the mechanical fix
// when it is known here (seed 004 C-apply-command: an apply_command that
// exits 2 is no fix); otherwise the message says what to configure by
// hand.
func notConfigured(t Target, enable, configPath string) finding.Finding {
	msg := t.ContractPath + " opts into mutation measurement but " + configPath + " configures no mutation tool: "
	if enable != "" {
		msg += "`" + enable + "` adds a [quality.mutation] command"
	} else {
		msg += "no mutation tool is known for this project: add [quality.mutation] command to " + configPath +
			" by hand, an argv that prints {\"score\": <0..1>} as its last stdout line (see `ah explain quality-mutation`)"
	}
	f := finding.New(finding.Recommendation, msg)
	if enable != "" {
		f.ApplyCommand = &enable
	}
	return t.attach(f, configPath)
}

// seconds is a validated timeout (>= 1) as a duration.
func seconds(n int) time.Duration { return time.Duration(n) * time.Second }
