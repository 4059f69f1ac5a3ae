package check

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"slices"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/finding"
)

// AllChanges is the --changes value that checks every active change, each
// as its own overlay on the deployed specs (issue 28).
const AllChanges = "all"

// ErrAllChangesRun refuses --changes all with tests: each change would
// run the whole suite again.
var ErrAllChangesRun = errors.New("--changes all checks structure only: run `ah check --changes ID --run-tests` for the change whose tests you want")

// RunAll checks the deployed specs, then each active change under [paths]
// changes on its own (as --changes ID does), in one report: a change's
// findings name it (Finding.Change), and a finding every run shares (a
// deployed one) is reported once, without a change. Tests are not run.
func RunAll(ctx context.Context, fsys fs.FS, cfg config.Config, opts Options) (Report, error) {
	if opts.Exec != nil || opts.Shard != nil || opts.Mutation {
		return Report{}, ErrAllChangesRun
	}
	opts.Changes = nil
	rep, ids, err := run(ctx, fsys, cfg, opts)
	if err != nil {
		return Report{}, err
	}
	// Nothing deployed yet (issue 39): the changes are the whole corpus,
	// so the deployed run's "nothing to check" is no finding, and the
	// scenarios counted are the changes'.
	undeployed := len(rep.Units) == 0 && len(ids) > 0
	if undeployed {
		rep.Findings = slices.DeleteFunc(rep.Findings, func(f finding.Finding) bool { return f.Kind == finding.NoScenarios })
	}
	seen := map[string]bool{}
	for _, f := range rep.Findings {
		seen[identity(f)] = true
	}
	findings := rep.Findings
	for _, id := range ids {
		opts.Changes = []string{id}
		one, err := Run(ctx, fsys, cfg, opts)
		if err != nil {
			return Report{}, fmt.Errorf("change %s: %w", id, err)
		}
		if undeployed {
			rep.Summary.Scenarios += one.Summary.Scenarios
		}
		for _, f := range one.Findings {
			if k := identity(f); !seen[k] {
				seen[k] = true
				f.Change = id
				findings = append(findings, f)
			}
		}
	}
	finding.Sort(findings)
	rep.Findings = findings
	rep.Summary = recount(rep.Summary, findings)
	rep.Scope.Changes = append([]string{}, ids...)
	rep.UncheckedChanges = 0
	return rep, nil
}

// identity is what makes two runs' findings the same finding.
func identity(f finding.Finding) string {
	id, line := "", 0
	if f.Scenario != nil {
		id = f.Scenario.ID
		if f.Scenario.Line != nil {
			line = *f.Scenario.Line
		}
	}
	return fmt.Sprintf("%s\x00%s\x00%s\x00%s\x00%d\x00%s", f.Kind, f.SpecPath, f.ContractPath, id, line, f.Message)
}
