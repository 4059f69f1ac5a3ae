package archetype_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/espectacular/ah/core/archetype"
)

func TestAll(t *testing.T) {
	want := []struct{ code, name, since string }{
		{"PF", "Pure Functional", "0.0.9"},
		{"SA", "Stateful API", "0.0.9"},
		{"BP", "Boundary Protocol", "0.0.9"},
		{"CE", "Contract/Event", "0.0.9"},
		{"NR", "Non-Regression", "0.1.0"},
	}
	all := archetype.All()
	if len(all) != len(want) {
		t.Fatalf("All() has %d archetypes, want %d", len(all), len(want))
	}
	for i, w := range want {
		a := all[i]
		if a.Code != w.code || a.Name != w.name || a.Since != w.since {
			t.Errorf("All()[%d] = %s %q since %s, want %s %q since %s", i, a.Code, a.Name, a.Since, w.code, w.name, w.since)
		}
	}
}

func TestBodies(t *testing.T) {
	for _, a := range archetype.All() {
		t.Run(a.Code, func(t *testing.T) {
			if a.Summary == "" || strings.Contains(a.Summary, "\n") {
				t.Errorf("Summary = %q, want one non-empty line", a.Summary)
			}
			if want := "## " + a.Code + " — " + a.Name + "\n"; !strings.HasPrefix(a.Body, want) {
				t.Errorf("Body starts %q, want %q", strings.SplitN(a.Body, "\n", 2)[0], want)
			}
			for _, section := range []string{"\n### Use for\n", "\n### Typical test shapes\n"} {
				if !strings.Contains(a.Body, section) {
					t.Errorf("Body lacks section %q", strings.TrimSpace(section))
				}
			}
			if !strings.HasSuffix(a.Body, "\n") || strings.HasSuffix(a.Body, "\n\n") {
				t.Errorf("Body must end with exactly one newline")
			}
		})
	}
}

func TestLookup(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		want  string
		found bool
	}{
		{"exact", "PF", "PF", true},
		{"lower case", "pf", "PF", true},
		{"mixed case", "Nr", "NR", true},
		{"surrounding space", " ce\n", "CE", true},
		{"every code: SA", "sa", "SA", true},
		{"every code: BP", "BP", "BP", true},
		{"long name", "Pure Functional", "", false},
		{"unknown", "XX", "", false},
		{"empty", "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := archetype.Lookup(tt.in)
			if ok != tt.found || got.Code != tt.want {
				t.Errorf("Lookup(%q) = %q, %v, want %q, %v", tt.in, got.Code, ok, tt.want, tt.found)
			}
			if ok && got.Body == "" {
				t.Errorf("Lookup(%q) returned an empty Body", tt.in)
			}
		})
	}
}

func TestValid(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"PF", true},
		{"SA", true},
		{"BP", true},
		{"CE", true},
		{"NR", true},
		{"pf", false},
		{" PF", false},
		{"PF ", false},
		{"Pure Functional", false},
		{"", false},
		{"XX", false},
	}
	for _, tt := range tests {
		if got := archetype.Valid(tt.in); got != tt.want {
			t.Errorf("Valid(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestCodes(t *testing.T) {
	want := []string{"PF", "SA", "BP", "CE", "NR"}
	if got := archetype.Codes(); !reflect.DeepEqual(got, want) {
		t.Errorf("Codes() = %q, want %q", got, want)
	}
	for _, c := range archetype.Codes() {
		if !archetype.Valid(c) {
			t.Errorf("Valid(%q) = false for a listed code", c)
		}
	}
}

func TestResultsAreCopies(t *testing.T) {
	archetype.Codes()[0] = "XX"
	all := archetype.All()
	all[0].Code = "XX"
	if archetype.Codes()[0] != "PF" || archetype.All()[0].Code != "PF" {
		t.Error("changing a returned slice changed the catalog")
	}
}
