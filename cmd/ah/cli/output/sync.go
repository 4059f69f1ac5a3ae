package output

import (
	"fmt"
	"io"
	"slices"

	"github.com/espectacular/ah/core/derivation"
)

// SyncData is data of the sync envelope (schemas/sync-output.schema.json).
type SyncData struct {
	Check     bool               `json:"check"`
	Summary   SyncSummary        `json:"summary"`
	Contracts []syncContractJSON `json:"contracts"`
	Refusals  []syncRefusalJSON  `json:"refusals"`
}

// SyncSummary counts the contracts by state. Orphaned and Deleted
// appear only when a contract is orphaned, so every envelope without one
// stays byte-identical to those ah wrote before orphans were reported.
type SyncSummary struct {
	Missing  int `json:"missing"`
	Stale    int `json:"stale"`
	Fresh    int `json:"fresh"`
	Written  int `json:"written"`
	Refused  int `json:"refused"`
	Orphaned int `json:"orphaned,omitempty"`
	Deleted  int `json:"deleted,omitempty"`
}

// syncContractJSON is one contract; Deleted and Message are present for
// orphaned contracts only (the schema requires them there and forbids
// them elsewhere).
type syncContractJSON struct {
	Spec         string  `json:"spec"`
	SpecPath     string  `json:"spec_path"`
	ContractPath string  `json:"contract_path"`
	Property     string  `json:"property"`
	DerivedFrom  string  `json:"derived_from"`
	State        string  `json:"state"`
	Written      bool    `json:"written"`
	Deleted      *bool   `json:"deleted,omitempty"`
	Message      *string `json:"message,omitempty"`
	Skipped      bool    `json:"skipped,omitempty"`
}

type syncRefusalJSON struct {
	Kind            string   `json:"kind"`
	SpecPath        *string  `json:"spec_path"`
	Rules           []string `json:"rules"`
	Message         string   `json:"message"`
	PlaybookCommand string   `json:"playbook_command"`
}

// NewSyncData maps a sync plan and what applying it did (nothing with
// --check) to the envelope's data.
func NewSyncData(check bool, res derivation.Result, done derivation.Applied) SyncData {
	out := SyncData{Check: check, Contracts: []syncContractJSON{}, Refusals: []syncRefusalJSON{}}
	applied := !check && len(res.Refusals) == 0
	for _, c := range res.Contracts {
		cj := syncContractJSON{
			Spec: c.Capability, SpecPath: c.SpecPath, ContractPath: c.ContractPath, Property: c.Property,
			DerivedFrom: c.DerivedFrom, State: string(c.State),
		}
		switch c.State {
		case derivation.Missing:
			out.Summary.Missing++
		case derivation.Stale:
			out.Summary.Stale++
		case derivation.Orphaned:
			out.Summary.Orphaned++
			deleted, msg := applied && c.Owned == "", c.Message
			cj.Deleted, cj.Message = &deleted, &msg
		default:
			out.Summary.Fresh++
		}
		cj.Skipped = slices.Contains(done.Skipped, c.ContractPath)
		cj.Written = applied && (c.State == derivation.Missing || c.State == derivation.Stale) && !cj.Skipped
		out.Contracts = append(out.Contracts, cj)
	}
	for _, r := range res.Refusals {
		rj := syncRefusalJSON{Kind: r.Kind, Rules: append([]string{}, r.Rules...), Message: r.Message, PlaybookCommand: "ah explain " + r.Kind}
		if r.SpecPath != "" {
			p := r.SpecPath
			rj.SpecPath = &p
		}
		out.Refusals = append(out.Refusals, rj)
	}
	out.Summary.Written, out.Summary.Deleted, out.Summary.Refused = done.Written, done.Deleted, len(res.Refusals)
	return out
}

// SyncText prints ah sync's result for people: a line per contract, a
// line per refusal, then the counts.
type SyncText struct{ w io.Writer }

// NewSyncText returns the text printer of ah sync writing to w.
func NewSyncText(w io.Writer) *SyncText { return &SyncText{w: w} }

// Print writes s.
func (p *SyncText) Print(s SyncData) error {
	w := p.w
	for _, c := range s.Contracts {
		done := ""
		switch {
		case c.Written:
			done = " (written)"
		case c.Skipped:
			done = " (skipped: it appeared while ah sync ran and is left as it is)"
		case c.Deleted != nil && *c.Deleted:
			done = " (deleted)"
		case c.Deleted != nil && !s.Check:
			done = " (kept)"
		}
		fmt.Fprintf(w, "%-7s %s  %s%s\n", c.State, Escape(c.ContractPath), Escape(c.DerivedFrom), done)
		if c.Message != nil {
			fmt.Fprintf(w, "        %s\n", Escape(*c.Message))
		}
	}
	for _, r := range s.Refusals {
		fmt.Fprintf(w, "refused %s: %s (see `%s`)\n", r.Kind, Escape(r.Message), r.PlaybookCommand)
	}
	verb := "ah sync"
	if s.Check {
		verb = "ah sync --check"
	}
	orphans := ""
	if s.Summary.Orphaned > 0 {
		orphans = fmt.Sprintf(", %d orphaned", s.Summary.Orphaned)
		if !s.Check {
			orphans += fmt.Sprintf(" (%d deleted)", s.Summary.Deleted)
		}
	}
	_, err := fmt.Fprintf(w, "%s: %d derived contracts: %d missing, %d stale, %d fresh, %d written, %d refused%s\n",
		verb, len(s.Contracts), s.Summary.Missing, s.Summary.Stale, s.Summary.Fresh, s.Summary.Written, s.Summary.Refused, orphans)
	return err
}
