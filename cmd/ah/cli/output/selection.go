package output

import (
	"fmt"
	"strings"

	"github.com/espectacular/ah/core/selection"
)

// selectionJSON is data.selection: present exactly when tests were run
// (issue 13). fallback_reason is null when the selection narrowed or with
// --all-tests; base and head only when a range resolved.
type selectionJSON struct {
	Source            string   `json:"source"`
	Base              string   `json:"base,omitempty"`
	Head              string   `json:"head,omitempty"`
	ChangedFiles      []string `json:"changed_files"`
	Selected          []string `json:"selected"`
	SelectedContracts []string `json:"selected_contracts"`
	Skipped           []string `json:"skipped"`
	FallbackReason    *string  `json:"fallback_reason"`
	// Reasons are present when the selection narrowed (issue 25), or ran
	// everything for a file nothing accounts for (issue 35).
	Reasons []reasonJSON `json:"reasons,omitempty"`
}

type reasonJSON struct {
	Contract string `json:"contract"`
	File     string `json:"file"`
	Rule     string `json:"rule"`
	Detail   string `json:"detail"`
}

func selectionToJSON(s *selection.Decision) *selectionJSON {
	if s == nil {
		return nil
	}
	out := &selectionJSON{
		Source: s.Source, Base: s.Base, Head: s.Head,
		ChangedFiles: nonNil(s.ChangedFiles), Selected: nonNil(s.Selected),
		SelectedContracts: nonNil(s.SelectedContracts), Skipped: nonNil(s.Skipped),
	}
	if s.Fallback != "" {
		why := s.Fallback
		out.FallbackReason = &why
	}
	for _, r := range s.Reasons {
		out.Reasons = append(out.Reasons, reasonJSON(r))
	}
	return out
}

func selectionFromJSON(s *selectionJSON) *selection.Decision {
	if s == nil {
		return nil
	}
	out := &selection.Decision{
		Source: s.Source, Base: s.Base, Head: s.Head, ChangedFiles: s.ChangedFiles,
		Selected: s.Selected, SelectedContracts: s.SelectedContracts, Skipped: s.Skipped,
	}
	if s.FallbackReason != nil {
		out.Fallback = *s.FallbackReason
	}
	for _, r := range s.Reasons {
		out.Reasons = append(out.Reasons, selection.Reason(r))
	}
	return out
}

// sanitizedSelection escapes what came from outside ah: file names, refs
// and capability names.
func sanitizedSelection(s *selection.Decision) *selection.Decision {
	if s == nil {
		return nil
	}
	out := *s
	out.Source, out.Base, out.Head, out.Fallback = Escape(s.Source), Escape(s.Base), Escape(s.Head), Escape(s.Fallback)
	out.ChangedFiles, out.Selected = escapeAll(s.ChangedFiles), escapeAll(s.Selected)
	out.SelectedContracts, out.Skipped = escapeAll(s.SelectedContracts), escapeAll(s.Skipped)
	out.Reasons = nil
	for _, r := range s.Reasons {
		out.Reasons = append(out.Reasons, selection.Reason{Contract: Escape(r.Contract), File: Escape(r.File), Rule: r.Rule, Detail: Escape(r.Detail)})
	}
	return &out
}

// selectionText is the text printer's one line about the selection:
// where the changed files came from, and what ran or why everything did.
func selectionText(s *selection.Decision) string {
	source := s.Source
	if s.Base != "" {
		source += fmt.Sprintf(" %s..%s", shortID(s.Base), shortID(s.Head))
	}
	total := len(s.SelectedContracts) + len(s.Skipped)
	switch {
	case s.Fallback != "":
		return fmt.Sprintf("selection: %s: every contract runs (%d): %s", source, total, s.Fallback)
	case len(s.Skipped) == 0:
		return fmt.Sprintf("selection: %s: every contract runs (%d)", source, total)
	}
	return fmt.Sprintf("selection: %s: %s; %d of %d contracts run (%s)",
		source, count(len(s.ChangedFiles), "changed file", "changed files"), len(s.SelectedContracts), total, strings.Join(s.Selected, ", "))
}

func shortID(id string) string { return id[:min(len(id), 12)] }
