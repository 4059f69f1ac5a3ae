package check

import (
	"context"
	"errors"
	"io/fs"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/finding"
)

// Options select what a check does.
type Options struct {
	// Changes are the change ids to overlay (sorted and deduplicated).
	Changes []string
}

// Report is the result of a check.
type Report struct {
	Scope    Scope             `json:"scope"`
	Summary  finding.Summary   `json:"summary"`
	Findings []finding.Finding `json:"findings"`
	// Warnings are notes about the run itself (not findings).
	Warnings []string `json:"-"`
}

// Failed reports whether the gate failed.
func (r Report) Failed() bool { return finding.Failed(r.Findings) }

// Run performs a structural check of the repository in fsys.
func Run(ctx context.Context, fsys fs.FS, cfg config.Config, opts Options) (Report, error) {
	if err := ctx.Err(); err != nil {
		return Report{}, err
	}
	r, err := resolve(fsys, cfg)
	if err != nil {
		return Report{}, err
	}
	findings, _, err := structural(fsys, cfg, r)
	if err != nil {
		return Report{}, err
	}
	finding.Sort(findings)
	if findings == nil {
		findings = []finding.Finding{}
	}
	return Report{
		Scope:    Scope{Deployed: true, Changes: append([]string{}, opts.Changes...)},
		Summary:  finding.Summarize(findings, len(r.units), 0),
		Findings: findings,
		Warnings: r.warnings,
	}, nil
}

func isNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }
