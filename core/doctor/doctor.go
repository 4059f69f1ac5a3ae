package doctor

import (
	"context"
	"io/fs"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/finding"
)

// Status is the outcome of one check.
type Status string

// Check outcomes. Only Fail makes the repository unhealthy.
const (
	Pass Status = "pass"
	Warn Status = "warn"
	Fail Status = "fail"
)

// Check is one health check.
type Check struct {
	Name    string `json:"name"`
	Status  Status `json:"status"`
	Message string `json:"message"`
}

// Summary counts the checks by status.
type Summary struct {
	Pass int `json:"pass"`
	Warn int `json:"warn"`
	Fail int `json:"fail"`
}

// Diagnosis is the result of ah doctor: its checks and their summary.
type Diagnosis struct {
	Checks []Check `json:"checks"`
	// TestTypes lists every test type the contracts declare with how its
	// entries run, or why they cannot; sorted by test type, then runner.
	TestTypes []TestType `json:"test_types"`
	// Adapters lists every test type the project points at for which an
	// adapter was configured or detected, sorted by test type then adapter.
	Adapters []Adapter `json:"adapters"`
	// Installed lists frameworks that run here but that the project does
	// not point at.
	Installed []Installed `json:"installed"`
	// Findings are recommendations, sorted like check findings.
	Findings []finding.Finding `json:"findings"`
	Summary  Summary           `json:"summary"`
}

// Healthy reports whether no check failed; warnings are healthy.
func (r Diagnosis) Healthy() bool { return r.Summary.Fail == 0 }

// Input is what a diagnosis looks at.
type Input struct {
	// Repo is the repository, rooted at its top directory.
	Repo fs.FS
	// Config is the parsed config; nil when ConfigProblem says why there is
	// none (missing or invalid), in which case only the config check and
	// the adapters are reported.
	Config        *config.Config
	ConfigProblem string
	// Version is the running ah's version, compared with tool_version.
	Version string
	// Facts is the adapter evidence from adapter.Gather over every driver.
	Facts adapter.Facts
	// Worktree is git's view of the repository; nil outside a work tree.
	Worktree *Worktree
	// Programs says, for each of RunnerPrograms(Config), whether it is
	// installed; a program absent from it was not looked up.
	Programs map[string]bool
}

// Diagnose runs the checks, resolves the adapters and derives the
// recommendations. It returns an error only when the repository cannot be
// read.
func Diagnose(ctx context.Context, in Input) (Diagnosis, error) {
	var r Diagnosis
	if in.Config == nil {
		r.Checks = []Check{{Name: "config", Status: Fail, Message: in.ConfigProblem}}
		r.TestTypes = declared(declaredEntries(in.Repo), config.Config{}, in.Facts)
		r.Adapters = adapters(in.Repo, config.Config{}, in.Facts)
		r.Findings = []finding.Finding{}
	} else {
		checks, err := health(ctx, in.Repo, *in.Config, in.Version)
		if err != nil {
			return Diagnosis{}, err
		}
		if in.Worktree != nil {
			checks = append(checks, uncommittedCheck(*in.Config, *in.Worktree))
		}
		r.Checks = checks
		r.TestTypes = declared(declaredEntries(in.Repo), *in.Config, in.Facts)
		r.Adapters = adapters(in.Repo, *in.Config, in.Facts)
		r.Findings = recommendations(in.Repo, *in.Config, in.Facts)
	}
	r.Installed = installed(r.Adapters, in.Facts)
	cfg := config.Config{}
	if in.Config != nil {
		cfg = *in.Config
	}
	if c, ok := probeCheck(cfg, in.Facts); ok {
		r.Checks = append(r.Checks, c)
	}
	if c, ok := programsCheck(cfg, in.Programs); ok {
		r.Checks = append(r.Checks, c)
	}
	if c, ok := frameworksCheck(declaredEntries(in.Repo), cfg, in.Facts); ok {
		r.Checks = append(r.Checks, c)
	}
	for _, c := range r.Checks {
		switch c.Status {
		case Pass:
			r.Summary.Pass++
		case Warn:
			r.Summary.Warn++
		default:
			r.Summary.Fail++
		}
	}
	return r, nil
}
