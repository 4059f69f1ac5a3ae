package portstest

import (
	"errors"
	"testing"

	"github.com/espectacular/ah/ports"
)

// SpkScript is what a spk under test is set up to answer: its version,
// the lint issues of Path (none: clean) and Path's Properties rows. With
// Unavailable the program cannot be started at all.
type SpkScript struct {
	Unavailable bool
	Version     string
	Path        string
	Issues      []ports.SpkIssue
	Properties  []ports.SpkRow
}

// RunSpkContract runs the behaviour every ports.Spk must share against
// the implementation newSpk sets up for a script: the fake here and the
// real driver over a scripted program (infra/spkcli), so the fake cannot
// drift from what ah sync and ah check meet for real.
func RunSpkContract(t *testing.T, newSpk func(t *testing.T, s SpkScript) ports.Spk) {
	const path = "openspec/specs/gate/spec.md"
	unit := "unit"
	rows := []ports.SpkRow{{ID: "P-a", Kind: &unit, Cells: map[string]string{"id": "P-a", "kind": "unit", "predicate": "p <&> \u2028"}}}
	t.Run("clean lint and parse", func(t *testing.T) {
		spk := newSpk(t, SpkScript{Version: "0.7.0", Path: path, Properties: rows})
		v, err := spk.Version(t.Context())
		if err != nil || v != "0.7.0" {
			t.Fatalf("Version() = %q, %v; want 0.7.0", v, err)
		}
		l, err := spk.Lint(t.Context(), path)
		if err != nil || !l.Clean || len(l.Issues) != 0 {
			t.Fatalf("Lint() = %+v, %v; want clean", l, err)
		}
		s, err := spk.Parse(t.Context(), path)
		if err != nil || len(s.Properties) != 1 || s.Properties[0].ID != "P-a" || *s.Properties[0].Kind != "unit" || s.Properties[0].Cells["predicate"] != "p <&> \u2028" {
			t.Fatalf("Parse() = %+v, %v; want the row P-a", s, err)
		}
	})
	t.Run("dirty lint", func(t *testing.T) {
		issues := []ports.SpkIssue{{RuleID: "linter.unique_id", File: path, Message: "duplicate id"}, {RuleID: "linter.coverage", File: path, Message: "uncovered"}}
		l, err := newSpk(t, SpkScript{Path: path, Issues: issues}).Lint(t.Context(), path)
		if err != nil || l.Clean || len(l.Issues) != 2 || l.Issues[0] != issues[0] || l.Issues[1] != issues[1] {
			t.Fatalf("Lint() = %+v, %v; want the two issues", l, err)
		}
	})
	t.Run("unknown file does not parse", func(t *testing.T) {
		_, err := newSpk(t, SpkScript{Path: path}).Parse(t.Context(), "openspec/specs/other/spec.md")
		if _, ok := errors.AsType[*ports.SpkError](err); !ok {
			t.Fatalf("Parse(other) error = %v, want an SpkError", err)
		}
	})
	t.Run("unavailable", func(t *testing.T) {
		spk := newSpk(t, SpkScript{Unavailable: true, Path: path})
		if _, err := spk.Lint(t.Context(), path); !errors.Is(err, ports.ErrSpkUnavailable) {
			t.Fatalf("Lint() error = %v, want ErrSpkUnavailable", err)
		}
		if _, err := spk.Parse(t.Context(), path); !errors.Is(err, ports.ErrSpkUnavailable) {
			t.Fatalf("Parse() error = %v, want ErrSpkUnavailable", err)
		}
	})
}

// NewSpk is the fake set up for a script.
func NewSpk(s SpkScript) *Spk {
	f := &Spk{Unavailable: s.Unavailable, V: s.Version, Lints: map[string]ports.SpkLint{}, Specs: map[string]ports.SpkSpec{}}
	f.Lints[s.Path] = ports.SpkLint{Clean: len(s.Issues) == 0, Issues: s.Issues}
	f.Specs[s.Path] = ports.SpkSpec{Properties: s.Properties}
	return f
}
