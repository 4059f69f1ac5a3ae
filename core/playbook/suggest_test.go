package playbook_test

import (
	"reflect"
	"slices"
	"testing"

	"github.com/espectacular/ah/core/playbook"
)

func TestSuggest(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"no-tomll", []string{"no-toml"}},
		{"orphan", []string{"orphan-toml"}},
		{"run-ah-doctor", []string{"run_ah_doctor"}},
		{"PYTEST-IMPORT", []string{"pytest", "pytest-import-error"}},
		{"archetype", []string{"archetypes", "unknown-archetype"}},
		{"slug-colision", []string{"slug-collision"}},
		// "cargo-test" contains the slug "go" as well as "cargo".
		{"cargo-test", []string{"cargo", "go"}},
		{"supersesion", []string{"supersession"}},
		// Many slugs contain "test"; the five closest are kept.
		{"test", []string{"no-tests-declared", "no-tests-ran", "pytest", "test-failing", "vitest"}},
		{"zzzzzzzzzz", []string{}},
		{"   ", nil},
	}
	for _, tt := range tests {
		got := playbook.Suggest(tt.in)
		if len(got) == 0 && len(tt.want) == 0 {
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Suggest(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestSuggestBounds(t *testing.T) {
	for _, in := range []string{"e", "-", "pytest", "run_ah_"} {
		got := playbook.Suggest(in)
		if len(got) > 5 {
			t.Errorf("Suggest(%q) returned %d slugs, want at most 5", in, len(got))
		}
		if !slices.IsSorted(got) {
			t.Errorf("Suggest(%q) = %q, want sorted", in, got)
		}
	}
}
