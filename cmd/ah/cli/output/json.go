package output

import (
	"io"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/report"
)

// JSON prints a check report as ah's JSON envelope (schemas/check-output).
type JSON struct {
	w    io.Writer
	opts Options
}

// NewJSON returns the JSON printer writing to w.
func NewJSON(w io.Writer, o Options) *JSON { return &JSON{w: w, opts: o} }

// Print writes the envelope: ok unless the gate failed or was interrupted,
// and the total duration when timed. Warnings about the corpus are
// findings, counted in the summary; the envelope's warnings are about the
// run (Options.Warnings).
func (p *JSON) Print(r report.Report) error {
	env := NewEnvelope(CheckKind.Name, p.opts.CLIVersion, !r.Failed() && !r.Interrupted, checkJSON(r))
	env.Warnings = append(env.Warnings, p.opts.Warnings...)
	env.Meta.DurationMS = p.opts.DurationMS
	return WriteEnvelope(p.w, env)
}

// checkData is the public JSON shape of a check report (the envelope's
// data), mapped here so the report stays plain data and the shape is the
// schema's, field by field. Findings and the summary keep their own tags:
// finding is the shared vocabulary of check and doctor output.
type checkData struct {
	Scope      scopeJSON         `json:"scope"`
	Summary    finding.Summary   `json:"summary"`
	Findings   []finding.Finding `json:"findings"`
	Executions *[]executionJSON  `json:"executions,omitempty"`
	Batches    []batchJSON       `json:"batches,omitempty"`
	Shard      *shardJSON        `json:"shard,omitempty"`
	Selection  *selectionJSON    `json:"selection,omitempty"`
	// Waivers are the recorded decisions of the waived scenarios (issue
	// 39), in scope order; absent when none.
	Waivers []waiverJSON `json:"waivers,omitempty"`
}

// waiverJSON is one waived scenario and the decision its contract records.
type waiverJSON struct {
	Spec         string `json:"spec"`
	ScenarioID   string `json:"scenario_id"`
	ContractPath string `json:"contract_path"`
	Reason       string `json:"reason"`
	Expires      string `json:"expires,omitempty"`
}

// shardJSON marks a shard's report (ah check --shard K/N) for ah merge.
// Corpus, selection and plan identify the run, so ah merge accepts only
// the shards of one run (issue 24).
type shardJSON struct {
	Index     int                 `json:"index"`
	Total     int                 `json:"total"`
	Order     []int               `json:"order"`
	Corpus    string              `json:"corpus,omitempty"`
	Tree      string              `json:"tree,omitempty"`
	Dirty     string              `json:"dirty,omitempty"`
	Selection *shardSelectionJSON `json:"selection,omitempty"`
	Plan      []plannedJobJSON    `json:"plan,omitempty"`
}

// shardSelectionJSON is the selection input of a shard's run.
type shardSelectionJSON struct {
	Source string   `json:"source"`
	Base   string   `json:"base"`
	Head   string   `json:"head"`
	Files  []string `json:"files"`
	Units  []string `json:"units"`
	Strict bool     `json:"strict"`
}

// plannedJobJSON is one job of the whole run's plan and its shard.
type plannedJobJSON struct {
	Job   string `json:"job"`
	Shard int    `json:"shard"`
}

func shardToJSON(s report.Shard) *shardJSON {
	out := &shardJSON{Index: s.Index, Total: s.Total, Order: nonNil(s.Order), Corpus: s.Corpus, Tree: s.Tree, Dirty: s.Dirty}
	if s.Corpus == "" {
		return out // a report without run identity (as written before issue 24)
	}
	in := s.Selection
	out.Selection = &shardSelectionJSON{Source: in.Source, Base: in.Base, Head: in.Head, Files: nonNil(in.Files), Units: nonNil(in.Units), Strict: in.Strict}
	for _, p := range s.Plan {
		out.Plan = append(out.Plan, plannedJobJSON{Job: p.Job, Shard: p.Shard})
	}
	return out
}

func shardFromJSON(d shardJSON) *report.Shard {
	s := &report.Shard{Index: d.Index, Total: d.Total, Order: d.Order, Corpus: d.Corpus, Tree: d.Tree, Dirty: d.Dirty}
	if d.Selection != nil {
		in := d.Selection
		s.Selection = report.SelectionInput{Source: in.Source, Base: in.Base, Head: in.Head, Files: in.Files, Units: in.Units, Strict: in.Strict}
	}
	for _, p := range d.Plan {
		s.Plan = append(s.Plan, report.PlannedJob{Job: p.Job, Shard: p.Shard})
	}
	return s
}

type scopeJSON struct {
	Deployed bool     `json:"deployed"`
	Changes  []string `json:"changes"`
}

type executionJSON struct {
	Type            string   `json:"type"`
	TestType        string   `json:"test_type,omitempty"`
	Command         string   `json:"command"`
	Argv            []string `json:"argv"`
	Bindings        []string `json:"bindings"`
	Verdict         string   `json:"verdict"`
	ExitCode        *int     `json:"exit_code"`
	DurationMS      *int64   `json:"duration_ms,omitempty"`
	Adapter         string   `json:"adapter,omitempty"`
	DetectionSource string   `json:"detection_source,omitempty"`
	Version         string   `json:"version,omitempty"`
	Batch           string   `json:"batch,omitempty"`
	// Evidence, Tests and TestCount: what the verdict rests on and the
	// tests the report names (issue 23); absent for a job that never ran.
	Evidence  string        `json:"evidence,omitempty"`
	Tests     []testRunJSON `json:"tests,omitempty"`
	TestCount *int          `json:"test_count,omitempty"`
}

// testRunJSON is one test an execution's report names.
type testRunJSON struct {
	ID         string `json:"id"`
	Outcome    string `json:"outcome"`
	DurationMS *int64 `json:"duration_ms,omitempty"`
}

// batchJSON is one batched invocation (issue 12); fallback is null when
// attribution decided.
type batchJSON struct {
	ID         string   `json:"id"`
	TestType   string   `json:"test_type"`
	Adapter    string   `json:"adapter"`
	Bindings   []string `json:"bindings"`
	Argv       []string `json:"argv"`
	ExitCode   *int     `json:"exit_code"`
	TimedOut   bool     `json:"timed_out"`
	Fallback   *string  `json:"fallback"`
	DurationMS *int64   `json:"duration_ms,omitempty"`
}

// checkJSON maps the report; slices are never null, and executions are
// present exactly when tests were run.
func checkJSON(r report.Report) checkData {
	d := checkData{
		Scope:    scopeJSON{Deployed: r.Scope.Deployed, Changes: nonNil(r.Scope.Changes)},
		Summary:  r.Summary,
		Findings: nonNil(r.Findings),
	}
	if r.Executions != nil {
		execs := make([]executionJSON, len(*r.Executions))
		for i, e := range *r.Executions {
			execs[i] = executionJSON{
				Type: e.Type, TestType: e.TestType, Command: e.Command,
				Argv: nonNil(e.Argv), Bindings: nonNil(e.Bindings),
				Verdict: e.Verdict, ExitCode: e.ExitCode, DurationMS: e.DurationMS,
				Adapter: e.Adapter, DetectionSource: e.DetectionSource, Version: e.Version,
				Batch: e.Batch, Evidence: e.Evidence,
			}
			if e.Evidence == report.EvidenceTests || e.Evidence == report.EvidenceCache || e.Evidence == report.EvidenceReportMissing {
				n := e.TestCount
				execs[i].TestCount = &n
			}
			for _, t := range e.Tests {
				execs[i].Tests = append(execs[i].Tests, testRunJSON{ID: t.ID, Outcome: t.Outcome, DurationMS: t.DurationMS})
			}
		}
		d.Executions = &execs
	}
	for _, b := range r.Batches {
		bj := batchJSON{
			ID: b.ID, TestType: b.TestType, Adapter: b.Adapter, Bindings: nonNil(b.Bindings), Argv: nonNil(b.Argv),
			ExitCode: b.ExitCode, TimedOut: b.TimedOut, DurationMS: b.DurationMS,
		}
		if b.Fallback != "" {
			bj.Fallback = &b.Fallback
		}
		d.Batches = append(d.Batches, bj)
	}
	if r.Shard != nil {
		d.Shard = shardToJSON(*r.Shard)
	}
	d.Selection = selectionToJSON(r.Selection)
	for _, u := range r.Units {
		if u.Waiver != nil {
			d.Waivers = append(d.Waivers, waiverJSON{u.Capability, u.Scenario.ID, u.ContractPath, u.Waiver.Reason, u.Waiver.Expires})
		}
	}
	return d
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
