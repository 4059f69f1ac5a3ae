package output

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/report"
	"github.com/espectacular/ah/core/schema"
	"github.com/espectacular/ah/schemas"
)

// ReadCheck parses a check envelope printed by the JSON printer (ah check
// --json) back into a report, for ah merge. It validates the envelope
// against schemas/check-output first, so a hand-edited or foreign file is
// refused with the schema's words. ok is the envelope's ok.
func ReadCheck(data []byte) (rep report.Report, ok bool, err error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return rep, false, fmt.Errorf("is not JSON: %v", err)
	}
	problems, err := schema.Validate(schemas.CheckOutput, doc)
	if err != nil {
		return rep, false, err
	}
	if len(problems) > 0 {
		msgs := make([]string, len(problems))
		for i, p := range problems {
			msgs[i] = p.String()
		}
		return rep, false, fmt.Errorf("is not an ah check --json report (schemas/check-output.schema.json): %s", strings.Join(msgs, "; "))
	}
	var env struct {
		OK           bool           `json:"ok"`
		EnvelopeKind string         `json:"envelope_kind"`
		Data         *checkData     `json:"data"`
		Error        *EnvelopeError `json:"error"`
	}
	if err := json.Unmarshal(data, &env); err != nil {
		return rep, false, fmt.Errorf("is not an ah check --json report: %v", err)
	}
	if env.EnvelopeKind != CheckKind.Name {
		return rep, false, fmt.Errorf("is a %q envelope, not an ah check --json report", env.EnvelopeKind)
	}
	if env.Error != nil || env.Data == nil {
		msg := "no data"
		if env.Error != nil {
			msg = env.Error.Message
		}
		return rep, false, fmt.Errorf("is the report of a check that could not run (%s)", msg)
	}
	rep, err = fromJSON(*env.Data)
	return rep, env.OK, err
}

// fromJSON is checkJSON's inverse.
func fromJSON(d checkData) (report.Report, error) {
	r := report.Report{
		Scope:   report.Scope{Deployed: d.Scope.Deployed, Changes: d.Scope.Changes},
		Summary: d.Summary, Findings: d.Findings,
		Selection: selectionFromJSON(d.Selection),
	}
	if d.Executions != nil {
		execs := make([]report.Execution, len(*d.Executions))
		for i, e := range *d.Executions {
			execs[i] = report.Execution{
				Type: e.Type, TestType: e.TestType, Command: e.Command, Argv: e.Argv, Bindings: e.Bindings,
				Verdict: e.Verdict, ExitCode: e.ExitCode, DurationMS: e.DurationMS,
				Adapter: e.Adapter, DetectionSource: e.DetectionSource, Version: e.Version,
				Batch: e.Batch, Evidence: e.Evidence,
			}
			if e.TestCount != nil {
				execs[i].TestCount = *e.TestCount
			}
			for _, t := range e.Tests {
				execs[i].Tests = append(execs[i].Tests, report.TestRun{ID: t.ID, Outcome: t.Outcome, DurationMS: t.DurationMS})
			}
		}
		r.Executions = &execs
	}
	for _, b := range d.Batches {
		rb := report.Batch{
			ID: b.ID, TestType: b.TestType, Adapter: b.Adapter, Bindings: b.Bindings, Argv: b.Argv,
			ExitCode: b.ExitCode, TimedOut: b.TimedOut, DurationMS: b.DurationMS,
		}
		if b.Fallback != nil {
			rb.Fallback = *b.Fallback
		}
		r.Batches = append(r.Batches, rb)
	}
	for _, w := range d.Waivers {
		r.Units = append(r.Units, report.Unit{
			Capability: w.Spec, ContractPath: w.ContractPath, Scenario: finding.ScenarioRef{ID: w.ScenarioID},
			Status: report.UnitWaived, Waiver: &report.Waiver{Reason: w.Reason, Expires: w.Expires},
		})
	}
	if d.Shard != nil {
		r.Shard = shardFromJSON(*d.Shard)
		n := 0
		if d.Executions != nil {
			n = len(*d.Executions)
		}
		if len(d.Shard.Order) != n || d.Shard.Index > d.Shard.Total {
			return r, errors.New("has a shard whose order does not match its executions or whose index exceeds its total")
		}
	}
	return r, nil
}
