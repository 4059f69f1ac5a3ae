package execution

import (
	"context"
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/shellword"
	"github.com/espectacular/ah/ports"
)

// Missing is a tool a job needed that is not installed here, as ah itself
// established it: the program would not start (ports.ProgramNotFoundError),
// or, after a run that failed without a report, the driver's own probe
// (ports.ToolChecker) failed too. Nothing the run printed decides it, and
// it never changes a verdict: the bindings fail either way, as missing-tool
// rather than as test problems, and the tool is named once (issue 37).
type Missing struct {
	// Tool names it in a message: "`cargo`", "pytest for `python3`".
	Tool string
	// How says how ah knows, Fix how to install it.
	How, Fix string
}

// missingTool is what a finished job's outcome says is missing, or nil.
func missingTool(ctx context.Context, env Env, inv Invocation, o Outcome) *Missing {
	if nf, ok := errors.AsType[*ports.ProgramNotFoundError](o.StartErr); ok {
		fix := adapter.InstallHint(path.Base(nf.Program))
		// The project's own framework, which detection found missing,
		// says how the project installs it (vitest: `npm ci`); only when
		// the program missing is that framework's, not a wrapper's.
		if a, ok := inv.runner.(frameworkRunner); ok && a.install != "" && len(inv.Argv) > 0 && nf.Program == inv.Argv[0] {
			fix = a.install
		}
		if fix == "" {
			fix = fmt.Sprintf("install it, or change the command that names it (under [runners] in %s, or the contract's own command)", config.Path)
		}
		return &Missing{Tool: "`" + nf.Program + "`", How: o.StartErr.Error(), Fix: fix}
	}
	a, ok := inv.runner.(frameworkRunner)
	if !ok || verdictOf(o) != Failed || o.StartErr != nil || o.Result.Signaled || !o.Prepared || a.parse(o) != nil {
		return nil
	}
	ch, ok := a.driver.(ports.ToolChecker)
	if !ok {
		return nil
	}
	probe, tool := ch.Check(inv.Argv)
	if len(probe) == 0 {
		return nil
	}
	cmd := env.command(inv, 0)
	cmd.Argv, cmd.Timeout = env.wrap(probe), adapter.ProbeTimeout
	res, err := env.Process.Run(ctx, cmd)
	if err != nil || res.ExitCode <= 0 || res.TimedOut || res.Canceled || res.Signaled {
		return nil // the probe proved nothing missing
	}
	m := &Missing{Tool: tool, How: fmt.Sprintf("ah's probe `%s` exited with status %d", shellword.Quote(probe), res.ExitCode), Fix: a.install}
	if lo, ok := a.driver.(ports.LocalOnly); ok && m.Fix == "" && env.Repo != nil {
		// Behind a configured command (npx vitest) detection looked for
		// nothing; the project's own files say how it installs the tool.
		_, m.Fix = lo.Missing(env.Repo)
	}
	if m.Fix == "" {
		install := strings.TrimSpace(adapter.InstallHint(a.name))
		if install == "" {
			install = "install " + a.name
		}
		m.Fix = fmt.Sprintf("%s (for `%s`), or set the command under [runners] in %s to a program that has it", install, probe[0], config.Path)
	}
	return m
}

// key identifies a missing tool across jobs.
func (m *Missing) key() string { return m.Tool + "\x00" + m.Fix }

// missingFinding turns a failed binding's finding into missing-tool: the
// run never reached a test, so it says nothing about the code.
func missingFinding(f finding.Finding, b Binding, m *Missing) finding.Finding {
	nf := finding.New(finding.MissingTool, fmt.Sprintf(
		"tests.%s[%d] of %s could not run: %s is not installed here (%s): %s; no test ran, so this says nothing about the code",
		b.Entry.Type, b.Entry.Index, b.ContractPath, m.Tool, m.How, m.Fix))
	nf.ContractPath, nf.Change, nf.Spec, nf.SpecPath, nf.Scenario, nf.ScenarioProse = f.ContractPath, f.Change, f.Spec, f.SpecPath, f.Scenario, f.ScenarioProse
	nf.Test = f.Test
	return nf
}

// shareMissing names each missing tool once: the first binding (in plan
// order) that needed it keeps the full finding, which counts the others;
// theirs say they could not run and refer to it, without the output.
func shareMissing(jobs []JobResult) {
	type first struct {
		job, n int
	}
	seen := map[string]*first{}
	var order []string
	for i, j := range jobs {
		if j.missing == nil {
			continue
		}
		k := j.missing.key()
		if seen[k] == nil {
			seen[k] = &first{job: i}
			order = append(order, k)
		}
		seen[k].n += len(j.Findings)
	}
	for _, k := range order {
		s := seen[k]
		head := &jobs[s.job]
		head.Findings = slices.Clone(head.Findings)
		ref := head.Findings[0].ContractPath
		if s.n > 1 {
			head.Findings[0].Message += fmt.Sprintf("; %d bindings need it, and the others refer to this finding", s.n)
		}
		for i := s.job; i < len(jobs); i++ {
			j := &jobs[i]
			if j.missing == nil || j.missing.key() != k {
				continue
			}
			j.Findings = slices.Clone(j.Findings)
			for n := range j.Findings {
				if i == s.job && n == 0 {
					continue
				}
				b := j.owners[n]
				j.Findings[n].Message = fmt.Sprintf("tests.%s[%d] of %s could not run: %s is not installed here, see the finding of %s",
					b.Entry.Type, b.Entry.Index, b.ContractPath, j.missing.Tool, ref)
				j.Findings[n] = withoutOutput(j.Findings[n])
			}
		}
	}
}
