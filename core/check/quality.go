package check

import (
	"context"
	"path"
	"time"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/quality"
	"github.com/espectacular/ah/core/shellword"
)

// maxToolStdout bounds the stdout kept for the score: a gremlins report
// lists every mutant, far more than a tail.
const maxToolStdout = 4 << 20

// measureMutation runs the tool once per target, one at a time (a
// mutation tool is heavy on its own), and returns one finding per run.
func measureMutation(ctx context.Context, cfg config.Config, env execution.Env, ready []validated, enableWorks bool) []finding.Finding {
	mc := cfg.Mutation
	var out []finding.Finding
	var all []quality.Test
	for _, v := range ready {
		if ctx.Err() != nil {
			return out
		}
		tests := testsOf(cfg, v)
		all = append(all, tests...)
		if !v.Contract.Mutation.Enabled {
			continue
		}
		if len(mc.Command) == 0 {
			out = append(out, notConfigured(v, enableWorks))
			continue
		}
		threshold := mc.Threshold
		if th := v.Contract.Mutation.Threshold; th != nil {
			threshold = *th
		}
		sc := scenarioOf(v.Scenario)
		t := quality.Target{Capability: v.Capability, SpecPath: v.SpecPath, ContractPath: v.ContractPath, Scenario: &sc}
		out = append(out, quality.Judge(t, runTool(ctx, mc, env, tests, v.Contract.Mutation.Args), threshold, config.Path))
	}
	if mc.Enabled && len(mc.Command) > 0 && len(all) > 0 && ctx.Err() == nil {
		out = append(out, quality.Judge(quality.Target{}, runTool(ctx, mc, env, all, nil), mc.Threshold, config.Path))
	}
	return out
}

// testsOf lists the contract's declared tests as the script runs them;
// an entry that cannot be invoked is left to --run-tests to report.
func testsOf(cfg config.Config, v validated) []quality.Test {
	var out []quality.Test
	for _, x := range invocations(cfg, v) {
		if x.err != nil {
			continue
		}
		argv := append(append([]string{}, cfg.Wrapper...), x.inv.Argv...)
		out = append(out, quality.Test{Argv: argv, Env: x.inv.Env})
	}
	return out
}

// runTool runs the tool over a script of the tests, through execution
// like every process of a check.
func runTool(ctx context.Context, mc config.Mutation, env execution.Env, tests []quality.Test, args []string) quality.Run {
	shown := quality.Argv(mc.Command, path.Join(quality.ScratchDir, quality.ScriptName), args)
	tr := execution.RunTool(ctx, env, execution.Tool{
		Argv:      func(dir string) []string { return quality.Argv(mc.Command, path.Join(dir, quality.ScriptName), args) },
		Files:     map[string][]byte{quality.ScriptName: quality.Script(env.Dir, tests)},
		Timeout:   seconds(mc.TimeoutSeconds),
		MaxStdout: maxToolStdout,
	})
	return quality.Run{Argv: shown, Command: shellword.Quote(shown), Result: tr.Result, StartErr: tr.StartErr, Stdout: tr.Stdout}
}

// notConfigured is the finding of a contract opting in while the config
// names no tool: enabling the capability is the mechanical fix when
// `ah doctor --enable mutation` knows a tool here (seed 004
// C-apply-command: an apply_command that exits 2 is no fix); otherwise
// the message says what to configure by hand.
func notConfigured(v validated, enableWorks bool) finding.Finding {
	apply := "ah doctor --enable mutation"
	msg := v.ContractPath + " opts into mutation measurement but " + config.Path + " configures no mutation tool: "
	if enableWorks {
		msg += "`" + apply + "` adds a [quality.mutation] command"
	} else {
		msg += "no mutation tool is known for this project: add [quality.mutation] command to " + config.Path +
			" by hand, an argv that prints {\"score\": <0..1>} as its last stdout line (see `ah explain quality-mutation`)"
	}
	f := finding.New(finding.Recommendation, msg)
	if enableWorks {
		f.ApplyCommand = &apply
	}
	f.ContractPath = v.ContractPath
	return f.WithScenario(v.Capability, v.SpecPath, scenarioOf(v.Scenario))
}

// seconds is a validated timeout (>= 1) as a duration.
func seconds(n int) time.Duration { return time.Duration(n) * time.Second }

// qualityPassed lists the info findings of passing property and snapshot
// entries: jobs and execs are the planned jobs and their results, in the
// same order (execution.Run gives every job one execution, run or not).
func qualityPassed(jobs []execution.Job, execs []execution.Execution) []finding.Finding {
	var out []finding.Finding
	for i, j := range jobs {
		for _, b := range j.Owners {
			t := quality.Target{Capability: b.Capability, SpecPath: b.SpecPath, ContractPath: b.ContractPath, Scenario: &b.Scenario}
			if f, ok := quality.Passed(t, b.Entry.Type, b.Entry.Index, execs[i]); ok {
				out = append(out, f)
			}
		}
	}
	return out
}
